import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { sessionActor } from '../../../app/actors.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import type { PageProps } from '../../../app/routes.ts';
import { useRealtimeEvents } from '../../../app/realtime.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { tickets } from '../../../../common/collections.ts';
import { ticketThread } from '../../../machines/messages/threads.ts';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { Fact } from '../../ui/Fact.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../../ui/LifecycleActions.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { RecordUnavailable } from '../../ui/RecordUnavailable.tsx';
import { useRecordScreen, useRelated } from '../../ui/recordScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { ThreadView, useThread } from '../../ui/ThreadView.tsx';
import { useRead } from '../../ui/useRead.ts';
import { DueCell } from './DueCell.tsx';
import { ticketScreen } from './ticketScreen.ts';
import { TICKET_EVENTS, type TicketRow } from './ticketsScreen.ts';
import { isStaff } from '../../../app/permissions.ts';

type TicketRecord = TicketRow & {
  requester_email: string | null;
  body: string | null;
  chatbot_request_id: string | null;
  customer_id: string | null;
  _expanded?: TicketRow['_expanded'] & { customer_id?: { id: string; name?: unknown } | null };
};

/** Staff change a ticket's priority or assignee, at the version shown. */
const ticketUpdate = defineCommand({ command: 'ticketUpdate' });

/**
 * One support ticket: its status and the actions its chart allows, when the first answer
 * is due, who asks and about which booking, its assignee and priority (staff), and the
 * reply thread; the first staff reply meets the due time (the ticket follows live).
 */
export function TicketDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const user = useSelector(sessionActor, (s) => s.context.user);
  const staff = isStaff(user);
  const { screen, record } = useRecordScreen(ticketScreen, id);
  const snapshot = useSelector(record, (s) => s);
  const names = useRelated(screen, ticketScreen, 'names');
  const thread = useThread(ticketThread(id), 500);
  const assignees = useRead('messagesAssignees', staff ? {} : null).data ?? [];
  // A change went through: the ticket is read again, and another change may follow.
  const update = useCommand(ticketUpdate, {
    onDone: () => {
      update.again();
      screen.send({ type: 'reload' });
    },
  });
  const assigneeId = useId();
  const priorityId = useId();
  usePageReady(!snapshot.matches('loading'));
  // Someone else's reply, or a change of the ticket, shows in the thread.
  useRealtimeEvents((event) => {
    if (event.record_id === id) thread.send({ type: 'changed' });
  }, { type: 'record', collection: 'tickets' });

  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'tickets',
    lifecycle: 'ticket',
    order: TICKET_EVENTS,
    messagePrefix: 'ticketEvent',
    staff,
    label: (row) => String(row.subject),
    describe: (row) => <FormattedMessage id="tickets.actionOn" values={{ subject: <bdi>{String(row.subject)}</bdi> }} />,
    onDone: () => screen.send({ type: 'reload' }),
  });

  if (snapshot.matches('notFound') || snapshot.matches('failed')) {
    return <RecordUnavailable route={route} notFound={snapshot.matches('notFound')} detail={snapshot.context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />;
  }
  const shown = snapshot.context.record;
  if (!shown) return null;
  const ticket = { ...shown, _expanded: names.data?._expanded ?? {} } as unknown as TicketRecord;

  const change = (changes: { priority?: string; assignee_id?: string | null }) => {
    update.set({ id: ticket.id, version: ticket.version, priority: undefined, assignee_id: undefined, ...changes });
    update.submit();
  };
  const booking = ticket._expanded?.booking_id;
  const options: { id: string; name: string }[] = assignees.some((a) => a.id === ticket.assignee_id) || !ticket.assignee_id
    ? assignees
    : [...assignees, { id: ticket.assignee_id, name: String(ticket._expanded?.assignee_id?.name ?? '…') }];

  return (
    <PageFrame route={route} id={ticket.subject} heading={<bdi>{ticket.subject}</bdi>}>
      <div className="record-header">
        <StatusChip status={ticket.status} kind="ticketStatus" />
        <DueCell ticket={ticket} />
        <div className="record-actions" role="group" aria-label={intl.formatMessage({ id: 'tickets.actions' })}>
          {actions.bulkButtons([ticket as unknown as LifecycleRow])}
        </div>
      </div>
      {actions.report}
      {actions.dialog}
      {update.error && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={update.error} />
        </p>
      )}
      <div className="ticket-layout">
        <section className="card ticket-facts" aria-labelledby="ticket-facts">
          <h2 id="ticket-facts">
            <FormattedMessage id="tickets.details" />
          </h2>
          <dl className="facts">
            <Fact label="tickets.requester">
              <bdi>{ticket.requester_name}</bdi> · <FormattedMessage id={`ticketRequester.${ticket.requester_type}`} />
              {ticket.requester_email && (
                <>
                  {' · '}
                  <bdi dir="ltr">{ticket.requester_email}</bdi>
                </>
              )}
            </Fact>
            <Fact label="tickets.booking">
              {booking ? (
                <Link href={pathOf(routeByKey('bookingDetail'), booking.id)}>
                  <bdi dir="ltr">{String(booking.ref)}</bdi>
                </Link>
              ) : null}
            </Fact>
            {staff && (
              <Fact label="booking.vendor">
                {ticket._expanded?.vendor_id ? <bdi>{String(ticket._expanded.vendor_id.trade_name)}</bdi> : <FormattedMessage id="tickets.platform" />}
              </Fact>
            )}
            {staff && ticket.chatbot_request_id && (
              <Fact label="tickets.chatbotRequest">
                <Link href={pathOf(routeByKey('chatbotRequestDetail'), ticket.chatbot_request_id)}>
                  <FormattedMessage id="tickets.openChatbotRequest" />
                </Link>
              </Fact>
            )}
            <Fact label="tickets.createdAt">{formatDateTime(intl, ticket.created_at)}</Fact>
          </dl>
          {staff ? (
            <div className="field ticket-controls">
              <label htmlFor={priorityId}>
                <FormattedMessage id="tickets.priority" />
              </label>
              <select id={priorityId} value={ticket.priority} onChange={(e) => change({ priority: e.target.value })}>
                {(tickets.fields.priority.enum ?? []).map((p) => (
                  <option key={p} value={p}>
                    {intl.formatMessage({ id: `ticketPriority.${p}` })}
                  </option>
                ))}
              </select>
              <label htmlFor={assigneeId}>
                <FormattedMessage id="tickets.assignee" />
              </label>
              <select id={assigneeId} value={ticket.assignee_id ?? ''} onChange={(e) => change({ assignee_id: e.target.value || null })}>
                <option value="">{intl.formatMessage({ id: 'tickets.unassigned' })}</option>
                {options.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.id === user?.id ? intl.formatMessage({ id: 'inbox.me' }, { name: a.name }) : a.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <dl className="facts">
              <Fact label="tickets.priority">
                <FormattedMessage id={`ticketPriority.${ticket.priority}`} />
              </Fact>
              <Fact label="tickets.assignee">{ticket._expanded?.assignee_id ? <bdi>{String(ticket._expanded.assignee_id.name)}</bdi> : null}</Fact>
            </dl>
          )}
        </section>
        <section className="ticket-thread" aria-labelledby="ticket-thread">
          <h2 id="ticket-thread">
            <FormattedMessage id="tickets.thread" />
          </h2>
          {ticket.body && (
            <blockquote className="card ticket-request" dir="auto">
              {ticket.body}
            </blockquote>
          )}
          <ThreadView thread={thread} label={intl.formatMessage({ id: 'tickets.thread' })} ours={(m) => m.author_type !== 'requester'} opened={Boolean(ticket.body)} />
        </section>
      </div>
    </PageFrame>
  );
}
