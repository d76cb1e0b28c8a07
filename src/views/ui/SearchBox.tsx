import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from './Icon.tsx';

export function SearchBox({ value, label, onChange }: { value: string; label: string; onChange: (text: string) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" />
      <input id={id} type="search" value={value} placeholder={label} maxLength={100} onChange={(e) => onChange(e.target.value)} />
      <span className="visually-hidden">{intl.formatMessage({ id: 'list.searchHint' })}</span>
    </div>
  );
}
