import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../api/resources.ts';
import { localized } from '../ui/format.ts';
import { useRead } from '../ui/useRead.ts';

/**
 * The personal services made for the chosen customer (the service picker offers only
 * public ones): each a button that chooses it. Nothing when they have none; a read that
 * failed says so, with a retry.
 */
export function PersonalServicePicks({ customerId, chosenId, onPick }: { customerId: string | null; chosenId: string | null; onPick: (service: ApiRecord) => void }) {
  const intl = useIntl();
  const read = useRead(
    'list',
    customerId ? { collection: 'services', filters: { private_customer_id: customerId, status: 'published' }, ordering: '-created_at', pageSize: 10 } : null,
  );
  if (read.state === 'failed') {
    return (
      <p className="personal-picks" role="alert">
        <FormattedMessage id="newBooking.personalServicesFailed" />{' '}
        <button type="button" className="button button-small" onClick={read.retry}>
          <FormattedMessage id="common.retry" />
        </button>
      </p>
    );
  }
  // Another customer: their services, not the last one's.
  const services = read.state === 'idle' || read.state === 'loading' ? [] : (read.data ?? []);
  if (services.length === 0) return null;
  return (
    <div className="personal-picks" role="group" aria-label={intl.formatMessage({ id: 'newBooking.personalServices' })}>
      <span className="muted">
        <FormattedMessage id="newBooking.personalServices" />
      </span>
      {services.map((s) => (
        <button key={s.id} type="button" className="button button-small" aria-pressed={s.id === chosenId} onClick={() => onPick(s)}>
          {localized(s.title_i18n, intl.locale)}
        </button>
      ))}
    </div>
  );
}
