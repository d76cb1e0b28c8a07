import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { formatDate } from '../ui/format.ts';
import { useRead } from '../ui/useRead.ts';
import { algeriaToday, expiryNoticeLimit } from '../vendors/expiry.ts';

/**
 * What waits on staff, on the home page: vendor documents that expired or expire within
 * 30 days, soonest first, each leading to its vendor's documents. Nothing when none does.
 */
export function ActionQueue() {
  const intl = useIntl();
  const detail = routeByKey('vendorDetail');
  const expiring = useRead('homeExpiringDocuments', { expiresBy: expiryNoticeLimit() }, { reloadOn: ['vendor-documents'] });
  const page = expiring.data;
  if (expiring.state === 'failed' || !page || page.results.length === 0) return null;
  const today = algeriaToday();
  return (
    <section className="card action-queue" aria-labelledby="action-queue">
      <h2 id="action-queue">
        <FormattedMessage id="vendors.queue.title" />
      </h2>
      <ul>
        {page.results.map((doc) => {
          const vendor = doc._expanded?.vendor_id;
          const expired = String(doc.expires_on) < today;
          return (
            <li key={doc.id} data-expired={expired}>
              <Link href={`${pathOf(detail, String(doc.vendor_id))}?tab=documents`}>
                <FormattedMessage
                  id={expired ? 'vendors.queue.documentExpired' : 'vendors.queue.documentExpiring'}
                  values={{
                    vendor: <bdi>{String(vendor?.trade_name ?? '—')}</bdi>,
                    // The kind's code: each language words it in the sentence (French needs its article).
                    kind: String(doc.kind),
                    date: formatDate(intl, String(doc.expires_on)),
                  }}
                />
              </Link>
            </li>
          );
        })}
      </ul>
      {page.count > page.results.length && (
        <p className="muted">
          <FormattedMessage id="vendors.queue.more" values={{ count: page.count - page.results.length }} />
        </p>
      )}
    </section>
  );
}
