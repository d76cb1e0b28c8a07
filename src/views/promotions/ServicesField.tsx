import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorList } from '../ui/fields/Field.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { useRead } from '../ui/useRead.ts';
import { serviceLabel } from './promotionScreens.ts';

/**
 * The services a promotion is for, as removable chips and a picker to add one. Only the
 * promotion's vendor's services are offered (the server refuses any other).
 */
export function ServicesField({
  value,
  onChange,
  errors,
  vendorId,
  max,
  emptyHint,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  errors?: readonly string[];
  /** The promotion's vendor; none for a platform promotion (any service). */
  vendorId: string | null | undefined;
  max: number;
  /** What no service at all means (every service, for a coupon). */
  emptyHint?: string;
}) {
  const intl = useIntl();
  const id = useId();
  // Titles of the services chosen, read again as the choice changes (and when a service is renamed).
  const services = useRead('promotionServices', value.length > 0 ? { ids: value } : null, { reloadOn: ['services'] });
  // The titles known stay shown while a new choice is read.
  const known = useRef<NonNullable<typeof services.data>>({});
  if (services.data) known.current = services.data;
  const titles = services.data ?? known.current;
  const title = (sid: string) => (titles[sid] ? serviceLabel(titles[sid], intl.locale) || '…' : '…');
  return (
    <fieldset className="fieldset promotion-services" {...(errors?.length ? { 'aria-describedby': `${id}-error` } : {})}>
      <legend>
        <FormattedMessage id="promotion.services" />
      </legend>
      {value.length === 0 && emptyHint && <p className="muted">{intl.formatMessage({ id: emptyHint })}</p>}
      {value.length > 0 && (
        <ul className="promotion-service-chips">
          {value.map((sid) => (
            <li key={sid} className="promotion-service-chip">
              <span>{title(sid)}</span>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => onChange(value.filter((x) => x !== sid))}
                aria-label={intl.formatMessage({ id: 'promotion.removeService' }, { service: title(sid) })}
              >
                <FormattedMessage id="promotion.remove" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length < max && (
        <RelationPicker
          key={value.length}
          resource="services"
          label={intl.formatMessage({ id: 'promotion.addService' })}
          value={null}
          filters={vendorId ? { vendor_id: vendorId } : {}}
          optionLabel={(s) => serviceLabel(s, intl.locale)}
          onChange={(s) => {
            if (!s || value.includes(s.id)) return;
            onChange([...value, s.id]);
          }}
        />
      )}
      {errors?.length ? <ErrorList id={`${id}-error`} errors={errors} /> : null}
    </fieldset>
  );
}
