import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ActionGroup } from '../../../common/dashboard.ts';
import { formatDateTime } from '../ui/format.ts';
import { ACTION_LINKS, actionItemLink } from './homeLinks.ts';

/**
 * What waits on someone, kind by kind: how many, and the first in the order they are
 * worked (the server's: soonest deadline first, else oldest first). An item about a
 * booking is always named by the booking's reference.
 */
export function WorkQueue({ actions }: { actions: ActionGroup[] }) {
  const intl = useIntl();
  return (
    <section className="card work-queue" aria-labelledby="work-queue-title">
      <h2 id="work-queue-title">
        <FormattedMessage id="home.queue.title" />
      </h2>
      <ul className="work-queue-groups">
        {actions.map((group) => (
          <li key={group.kind} data-kind={group.kind} data-empty={group.count === 0}>
            <Link href={ACTION_LINKS[group.kind]} className="work-queue-head">
              <span>
                <FormattedMessage id={`home.queue.${group.kind}`} />
              </span>
              <span className="chip">{intl.formatNumber(group.count)}</span>
            </Link>
            {group.items.length > 0 && (
              <ul className="work-queue-items">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <Link href={actionItemLink(group.kind, item.id)}>
                      {item.ref ? (
                        <FormattedMessage id="home.queue.bookingItem" values={{ ref: <bdi>{item.ref}</bdi> }} />
                      ) : (
                        <bdi>{item.label || '—'}</bdi>
                      )}
                    </Link>{' '}
                    <span className="muted">
                      {item.deadline ? (
                        <FormattedMessage id="home.queue.until" values={{ when: formatDateTime(intl, item.deadline) }} />
                      ) : (
                        <FormattedMessage id="home.queue.since" values={{ when: formatDateTime(intl, item.at) }} />
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
