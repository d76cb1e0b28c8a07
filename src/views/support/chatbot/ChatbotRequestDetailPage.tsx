import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { usePageReady } from '../../../app/pageReady.ts';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { Fact } from '../../ui/Fact.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../../ui/LifecycleActions.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { RecordUnavailable } from '../../ui/RecordUnavailable.tsx';
import { useRecordScreen, useRelated } from '../../ui/recordScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { chatbotRequestScreen } from './chatbotRequestScreen.ts';
import { IntentText } from './IntentText.tsx';
import { CHATBOT_EVENTS, type ChatbotRow } from './chatbotScreen.ts';

type ChatbotRecord = ChatbotRow & { resolution_note: string | null; status_reason: string | null };

/**
 * One chatbot request (staff): the transcript as chat bubbles, the intent the bot detected
 * and how sure it was, the customer and the booking, and the chart's actions; escalating
 * opens a support ticket, linked from here.
 */
export function ChatbotRequestDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const { screen, record } = useRecordScreen(chatbotRequestScreen, id);
  const snapshot = useSelector(record, (s) => s);
  const names = useRelated(screen, chatbotRequestScreen, 'names');
  usePageReady(!snapshot.matches('loading'));
  const customerOf = (r: ChatbotRow) => String(r._expanded?.customer_id?.name ?? intl.formatMessage({ id: 'chatbot.anonymous' }));
  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'chatbot-requests',
    lifecycle: 'chatbot_request',
    order: CHATBOT_EVENTS,
    messagePrefix: 'chatbotEvent',
    staff: true,
    label: (row) => customerOf(row as unknown as ChatbotRow),
    describe: (row) => <FormattedMessage id="chatbot.actionOn" values={{ customer: <bdi>{customerOf(row as unknown as ChatbotRow)}</bdi> }} />,
    onDone: () => screen.send({ type: 'reload' }),
  });

  if (snapshot.matches('notFound') || snapshot.matches('failed')) {
    return <RecordUnavailable route={route} notFound={snapshot.matches('notFound')} detail={snapshot.context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />;
  }
  const shown = snapshot.context.record;
  if (!shown) return null;
  const request = { ...shown, _expanded: names.data?._expanded ?? {} } as unknown as ChatbotRecord;
  const booking = request._expanded?.booking_id;
  const ticket = request._expanded?.ticket_id;
  const customer = request._expanded?.customer_id;

  return (
    <PageFrame route={route} heading={<FormattedMessage id="chatbot.heading" values={{ customer: <bdi>{customerOf(request)}</bdi> }} />}>
      <div className="record-header">
        <StatusChip status={request.status} kind="chatbotStatus" />
        <div className="record-actions" role="group" aria-label={intl.formatMessage({ id: 'chatbot.actions' })}>
          {actions.bulkButtons([request as unknown as LifecycleRow])}
        </div>
      </div>
      {actions.report}
      {actions.dialog}
      <div className="ticket-layout">
        <section className="card" aria-labelledby="chatbot-facts">
          <h2 id="chatbot-facts">
            <FormattedMessage id="chatbot.details" />
          </h2>
          <dl className="facts">
            <Fact label="chatbot.intent">
              <IntentText intent={request.intent} confidence={request.confidence} />
            </Fact>
            <Fact label="chatbot.customer">
              {customer ? (
                <Link href={pathOf(routeByKey('customerDetail'), customer.id)}>
                  <bdi>{String(customer.name)}</bdi>
                </Link>
              ) : null}
            </Fact>
            <Fact label="chatbot.booking">
              {booking ? (
                <Link href={pathOf(routeByKey('bookingDetail'), booking.id)}>
                  <bdi dir="ltr">{String(booking.ref)}</bdi>
                </Link>
              ) : null}
            </Fact>
            <Fact label="chatbot.channel">
              <FormattedMessage id={`chatbotChannel.${request.channel}`} />
            </Fact>
            <Fact label="chatbot.ticket">
              {ticket ? (
                <Link href={pathOf(routeByKey('ticketDetail'), ticket.id)}>
                  <bdi>{String(ticket.subject)}</bdi>
                </Link>
              ) : null}
            </Fact>
            <Fact label="chatbot.createdAt">{formatDateTime(intl, request.created_at)}</Fact>
            {request.status_reason && <Fact label="chatbot.reason">{request.status_reason}</Fact>}
          </dl>
        </section>
        <section aria-labelledby="chatbot-transcript">
          <h2 id="chatbot-transcript">
            <FormattedMessage id="chatbot.transcript" />
          </h2>
          <ol className="thread-messages" aria-labelledby="chatbot-transcript">
            {request.transcript.map((line, i) => (
              <li key={i} className="bubble" data-side={line.role === 'bot' ? 'ours' : 'theirs'} data-author={line.role}>
                <span className="bubble-meta">
                  <FormattedMessage id={`chatbotRole.${line.role}`} /> · <time dateTime={line.at}>{formatDateTime(intl, line.at)}</time>
                </span>
                <p dir="auto" className="bubble-body">
                  {line.text}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </PageFrame>
  );
}
