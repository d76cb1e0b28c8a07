import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../ui/format.ts';
import { isOverdue, type TicketRow } from './ticketsScreen.ts';

/** When the first answer is due: "Overdue" standing out when late, "Answered" once met. */
export function DueCell({ ticket }: { ticket: Pick<TicketRow, 'first_responded_at' | 'first_response_due_at' | 'status'> }) {
  const intl = useIntl();
  if (ticket.first_responded_at) {
    return (
      <span className="muted">
        <FormattedMessage id="tickets.answeredAt" values={{ at: formatDateTime(intl, ticket.first_responded_at) }} />
      </span>
    );
  }
  if (!ticket.first_response_due_at) return <span className="muted">—</span>;
  const late = isOverdue(ticket);
  return (
    <span className="cell-stack due" data-overdue={late || undefined}>
      {late && (
        <strong className="overdue-flag">
          <FormattedMessage id="tickets.overdue" />
        </strong>
      )}
      <time dateTime={ticket.first_response_due_at}>{formatDateTime(intl, ticket.first_response_due_at)}</time>
    </span>
  );
}
