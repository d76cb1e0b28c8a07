import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fetchList, type ApiRecord } from '../../api/resources.ts';
import { localized } from '../ui/format.ts';

/**
 * The personal services made for the chosen customer (the service picker offers only
 * public ones): each a button that chooses it. Nothing when they have none.
 */
export function PersonalServicePicks({ customerId, chosenId, onPick }: { customerId: string | null; chosenId: string | null; onPick: (service: ApiRecord) => void }) {
  const intl = useIntl();
  const [services, setServices] = useState<ApiRecord[]>([]);
  useEffect(() => {
    setServices([]);
    if (!customerId) return;
    const controller = new AbortController();
    fetchList('services', { page: 1, page_size: 10, ordering: '-created_at', search: '', filters: { private_customer_id: customerId, status: 'published' } }, controller.signal).then(
      (page) => setServices(page.results),
      () => undefined,
    );
    return () => controller.abort();
  }, [customerId]);
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
