import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { Related } from '../../ui/Related.tsx';
import type { RelatedState } from '../../ui/recordScreen.ts';
import { useRead } from '../../ui/useRead.ts';

/**
 * The customer's conversations, the latest first (read beside the customer: the page's
 * `conversations`), each opening on its messages (oldest first). "Message" on the page
 * writes into the open one; this tab shows what was said.
 */
export function CustomerConversations({ conversations }: { conversations: RelatedState<ApiRecord[]> }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="customer-conversations">
      <h2 id="customer-conversations">
        <FormattedMessage id="customers.tab.conversations" />
      </h2>
      {conversations.state === 'loading' && (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      )}
      <Related of={conversations}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title={<FormattedMessage id="customers.noConversations" />}>
              <p>
                <FormattedMessage id="customers.noConversationsHint" />
              </p>
            </EmptyState>
          ) : (
            <ul className="customer-conversations">
              {rows.map((c) => (
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
                    <Thread key={String(c.last_message_at)} conversation={c} />
                  </details>
                </li>
              ))}
            </ul>
          )
        }
      </Related>
    </section>
  );
}

/** A conversation's messages (drawn again from the start when its latest message changes). */
function Thread({ conversation }: { conversation: ApiRecord }) {
  const intl = useIntl();
  const messages = useRead(
    'list',
    {
      collection: `conversations/${encodeURIComponent(conversation.id)}/messages`,
      ordering: 'created_at',
      fields: ['body', 'author_name', 'author_type', 'created_at'],
      pageSize: 100,
    },
  );
  return (
    <Related<ApiRecord[]> of={messages}>
      {(rows) => (
        <ol className="customer-thread">
          {rows.map((m) => (
            <li key={m.id} data-author={String(m.author_type)}>
              <span className="muted">
                <bdi>{String(m.author_name ?? '')}</bdi> · {formatDateTime(intl, String(m.created_at))}
              </span>
              <p dir="auto">{String(m.body)}</p>
            </li>
          ))}
        </ol>
      )}
    </Related>
  );
}
