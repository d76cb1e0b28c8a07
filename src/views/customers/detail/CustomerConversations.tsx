import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { useServiceRelated } from '../../services/useServiceRelated.ts';

/**
 * The customer's conversations, the latest first, each opening on its messages (oldest
 * first). "Message" on the page writes into the open one; this tab shows what was said.
 */
export function CustomerConversations({ customerId, stamp }: { customerId: string; stamp: unknown }) {
  const intl = useIntl();
  const related = useServiceRelated(
    'conversations',
    { filters: { customer_id: customerId }, ordering: '-last_message_at', fields: ['subject', 'last_message_at', 'last_message_preview', 'vendor_id', 'unread_count'], expand: ['vendor_id'], pageSize: 20 },
    stamp,
  );
  return (
    <section aria-labelledby="customer-conversations">
      <h2 id="customer-conversations">
        <FormattedMessage id="customers.tab.conversations" />
      </h2>
      {related.state === 'loading' && (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      )}
      {related.state === 'failed' && <ErrorState onRetry={related.retry} />}
      {related.state === 'ready' &&
        (related.page.results.length === 0 ? (
          <EmptyState title={<FormattedMessage id="customers.noConversations" />}>
            <p>
              <FormattedMessage id="customers.noConversationsHint" />
            </p>
          </EmptyState>
        ) : (
          <ul className="customer-conversations">
            {related.page.results.map((c) => (
              <li key={c.id} className="card">
                <details>
                  <summary>
                    <strong>
                      {c._expanded?.vendor_id ? String(c._expanded.vendor_id.trade_name) : <FormattedMessage id="customers.platform" />}
                    </strong>
                    <span className="muted">{c.last_message_at ? formatDateTime(intl, String(c.last_message_at)) : '—'}</span>
                    <span dir="auto" className="customer-conversation-preview">
                      {String(c.last_message_preview ?? '')}
                    </span>
                  </summary>
                  <Thread conversation={c} />
                </details>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/** A conversation's messages, read when it is opened. */
function Thread({ conversation }: { conversation: ApiRecord }) {
  const intl = useIntl();
  const related = useServiceRelated(
    `conversations/${encodeURIComponent(conversation.id)}/messages`,
    { filters: {}, ordering: 'created_at', fields: ['body', 'author_name', 'author_type', 'created_at'], pageSize: 100 },
    conversation.last_message_at,
  );
  if (related.state === 'loading') return null;
  if (related.state === 'failed') return <ErrorState onRetry={related.retry} />;
  return (
    <ol className="customer-thread">
      {related.page.results.map((m) => (
        <li key={m.id} data-author={String(m.author_type)}>
          <span className="muted">
            <bdi>{String(m.author_name ?? '')}</bdi> · {formatDateTime(intl, String(m.created_at))}
          </span>
          <p dir="auto">{String(m.body)}</p>
        </li>
      ))}
    </ol>
  );
}
