import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { useRealtimeEvents } from '../../../app/realtime.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { useLifecycleActions } from '../../ui/LifecycleActions.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { DueCell } from './DueCell.tsx';
import { TICKET_EVENTS, ticketsScreen, type TicketRow } from './ticketsScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Support tickets: who asks, about what, how urgent, who answers, and whether the first answer is late. */
export function TicketListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(ticketsScreen);
  const bookingDetail = routeByKey('bookingDetail');
  const detail = routeByKey('ticketDetail');
  useRealtimeEvents(() => list.send({ type: 'refresh' }), { type: 'record', collection: 'tickets' });
  const actions = useLifecycleActions<TicketRow>({
    resource: 'tickets',
    lifecycle: 'ticket',
    order: TICKET_EVENTS,
    messagePrefix: 'ticketEvent',
    staff,
    label: (row) => row.subject,
    describe: (row) => <FormattedMessage id="tickets.actionOn" values={{ subject: <bdi>{row.subject}</bdi> }} />,
    onDone: () => list.send({ type: 'refresh' }),
  });

  const columns: Column<TicketRow>[] = [
    {
      key: 'subject',
      header: 'tickets.subject',
      priority: 1,
      render: (r) => (
        <span className="cell-stack ticket-subject">
          <bdi>{r.subject}</bdi>
          <span className="muted">
            <bdi>{r.requester_name}</bdi> · <FormattedMessage id={`ticketRequester.${r.requester_type}`} />
          </span>
        </span>
      ),
    },
    { key: 'booking', header: 'tickets.booking', priority: 3, render: (r) =>
        r._expanded?.booking_id && r.booking_id ? (
          <Link href={pathOf(bookingDetail, r.booking_id)}>
            <bdi dir="ltr">{String(r._expanded.booking_id.ref)}</bdi>
          </Link>
        ) : (
          '—'
        ),
    },
    ...(staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 3 as const, render: (r: TicketRow) => (r._expanded?.vendor_id ? <bdi>{String(r._expanded.vendor_id.trade_name)}</bdi> : <FormattedMessage id="tickets.platform" />) }] : []),
    { key: 'priority', header: 'tickets.priority', priority: 1, sortField: 'priority', render: (r) => <span className="priority" data-priority={r.priority}><FormattedMessage id={`ticketPriority.${r.priority}`} /></span> },
    { key: 'assignee', header: 'tickets.assignee', priority: 2, render: (r) => (r._expanded?.assignee_id ? <bdi>{String(r._expanded.assignee_id.name)}</bdi> : <span className="muted"><FormattedMessage id="tickets.unassigned" /></span>) },
    { key: 'status', header: 'tickets.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="ticketStatus" /> },
    { key: 'due', header: 'tickets.firstResponseDue', priority: 1, sortField: 'first_response_due_at', render: (r) => <DueCell ticket={r} /> },
    { key: 'created_at', header: 'tickets.createdAt', priority: 3, sortField: 'created_at', render: (r) => formatDateTime(intl, r.created_at) },
    actions.column,
  ];

  return (
    <ListScreen
      route={route}
      screen={ticketsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="tickets.none" />}
      tableName={staff ? 'tickets' : 'tickets-vendor'}
      rowHref={(row) => pathOf(detail, row.id)}
      bulk={actions.bulkButtons}
      notices={
        <>
          {actions.report}
          {actions.dialog}
        </>
      }
    />
  );
}
