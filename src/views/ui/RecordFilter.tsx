import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiRecord } from '../../api/resources.ts';
import { RelationPicker } from './RelationPicker.tsx';
import { useRead } from './useRead.ts';

/**
 * A list filter on a related record (a vendor, a service): the URL holds only its id,
 * so the record is read (the `record` read) to show its name; picking another one changes
 * the filter, and the record picked shows at once.
 */
export function RecordFilter({
  resource,
  label,
  id,
  optionLabel,
  filters,
  onChange,
}: {
  resource: string;
  label: ReactNode;
  id: string;
  optionLabel: (record: ApiRecord) => string;
  filters?: Record<string, string>;
  onChange: (id: string) => void;
}) {
  const intl = useIntl();
  // The record just picked names the filter until the read of the new id answers.
  const picked = useRef<ApiRecord | null>(null);
  const read = useRead('record', id ? { collection: resource, id } : null);
  // A record that cannot be read (gone, out of reach) leaves the picker empty.
  const record = !id ? null : read.data?.id === id ? read.data : picked.current?.id === id ? picked.current : null;
  return (
    <div className="filter filter-record">
      <RelationPicker
        resource={resource}
        label={label}
        value={record}
        filters={filters}
        optionLabel={optionLabel}
        // An empty picker reads as "any", like the selects beside it, and says it can be searched.
        placeholder={intl.formatMessage({ id: 'list.anyRecord' })}
        onChange={(chosen) => {
          picked.current = chosen;
          onChange(chosen ? chosen.id : '');
        }}
      />
    </div>
  );
}
