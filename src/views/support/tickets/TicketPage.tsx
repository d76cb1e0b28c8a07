import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { sessionActor } from '../../../app/actors.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import type { PageProps } from '../../../app/routes.ts';
import { useRealtimeEvents } from '../../../app/realtime.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { updateRecord } from '../../../api/resources.ts';
import { tickets } from '../../../domain/collections.ts';
import { refusalDetail } from '../../../machines/resources/bulk.ts';
import { fetchAssignees, type Assignee } from '../../messages/messagesApi.ts';
import { Fact } from '../../ui/Fact.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../../ui/LifecycleActions.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { RecordUnavailable } from '../../ui/RecordUnavailable.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { ThreadView, useThread } from '../../ui/ThreadView.tsx';
import { useExpandedRecord } from '../../ui/useExpandedRecord.ts';
import { DueCell } from './DueCell.tsx';
import { TICKET_EVENTS, type TicketRow } from './ticketsScreen.ts';
import { isStaff } from '../../../app/permissions.ts';

type TicketRecord = TicketRow & {
  requester_email: string | null;
  body: string | null;
  chatbot_request_id: string | null;
  customer_id: string | null;
  _expanded?: TicketRow['_expanded'] & { customer_id?: { id: string; name?: unknown } | null };
};

const EXPAND = ['booking_id', 'assignee_id', 'vendor_id', 'customer_id'] as const;

/**
 * One support ticket: its status and the actions its chart allows, when the first answer
 * is due, who asks and about which booking, its assignee and priority (staff), and the
 * reply thread; the first staff reply meets the due time.
 */
export function TicketPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const user = useSelector(sessionActor, (s) => s.context.user);
  const staff = isStaff(user);
  const loaded = useExpandedRecord<TicketRecord>('tickets', id, EXPAND);
  const thread = useThread(`/branch/api/tickets/${encodeURIComponent(id)}/messages/`, 500);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const assigneeId = useId();
  const priorityId = useId();
  usePageReady(loaded.state !== 'loading');
  useEffect(() => {
    if (staff) fetchAssignees().then(setAssignees, () => setAssignees([]));
  }, [staff]);
  useRealtimeEvents((event) => {
    if (event.record_id !== id) return;
    loaded.reload();
    thread.send({ type: 'changed' });
  }, { type: 'record', collection: 'tickets' });
  // A reply of ours may meet the first-response time: the ticket says so once it is sent.
  const replies = useSelector(thread, (s) => s.context.messages.length);
  useEffect(() => {
    if (replies > 0) loaded.reload();
  }, [replies]);

  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'tickets',
    lifecycle: 'ticket',
    order: TICKET_EVENTS,
    messagePrefix: 'ticketEvent',
    staff,
    label: (row) => String(row.subject),
    describe: (row) => <FormattedMessage id="tickets.actionOn" values={{ subject: <bdi>{String(row.subject)}</bdi> }} />,
    onDone: loaded.reload,
  });

  if (loaded.state === 'notFound' || (loaded.state === 'failed' && !loaded.record)) {
    return <RecordUnavailable route={route} notFound={loaded.state === 'notFound'} onRetry={loaded.reload} />;
  }
  const ticket = loaded.record;
  if (!ticket) return null;

  const change = (changes: Record<string, unknown>) => {
    setNotice(null);
    updateRecord('tickets', ticket.id, { ...changes, version: ticket.version }).then(loaded.reload, (error) => {
      setNotice(refusalDetail(error));
      loaded.reload();
    });
  };
  const booking = ticket._expanded?.booking_id;
  const options = assignees.some((a) => a.id === ticket.assignee_id) || !ticket.assignee_id
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
      {notice && (
        <p className="notice notice-error" role="alert">
          {notice}
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
