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
import { IntentText } from './IntentText.tsx';
import { CHATBOT_EVENTS, chatbotScreen, firstWords, type ChatbotRow } from './chatbotScreen.ts';

/** What the chatbot could not close alone (staff only): who, what they asked, how sure the bot was, and the next step. */
export function ChatbotListPage({ route }: PageProps) {
  const intl = useIntl();
  const list = useListScreen(chatbotScreen);
  const bookingDetail = routeByKey('bookingDetail');
  const detail = routeByKey('chatbotRequestDetail');
  useRealtimeEvents(() => list.send({ type: 'refresh' }), { type: 'record', collection: 'chatbot-requests' });
  const customerOf = (r: ChatbotRow) => String(r._expanded?.customer_id?.name ?? intl.formatMessage({ id: 'chatbot.anonymous' }));
  const actions = useLifecycleActions<ChatbotRow>({
    resource: 'chatbot-requests',
    lifecycle: 'chatbot_request',
    order: CHATBOT_EVENTS,
    messagePrefix: 'chatbotEvent',
    staff: true,
    label: customerOf,
    describe: (row) => <FormattedMessage id="chatbot.actionOn" values={{ customer: <bdi>{customerOf(row)}</bdi> }} />,
    onDone: () => list.send({ type: 'refresh' }),
  });

  const columns: Column<ChatbotRow>[] = [
    {
      key: 'customer',
      header: 'chatbot.customer',
      priority: 1,
      render: (r) => (
        <span className="cell-stack chatbot-subject">
          <bdi>{customerOf(r)}</bdi>
          <span className="muted chatbot-first-words" dir="auto">
            {firstWords(r)}
          </span>
        </span>
      ),
    },
    { key: 'intent', header: 'chatbot.intent', priority: 1, sortField: 'confidence', render: (r) => <IntentText intent={r.intent} confidence={r.confidence} /> },
    { key: 'channel', header: 'chatbot.channel', priority: 3, render: (r) => <FormattedMessage id={`chatbotChannel.${r.channel}`} /> },
    { key: 'booking', header: 'chatbot.booking', priority: 2, render: (r) =>
        r._expanded?.booking_id && r.booking_id ? (
          <Link href={pathOf(bookingDetail, r.booking_id)}>
            <bdi dir="ltr">{String(r._expanded.booking_id.ref)}</bdi>
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: 'chatbot.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="chatbotStatus" /> },
    { key: 'created_at', header: 'chatbot.createdAt', priority: 2, sortField: 'created_at', render: (r) => formatDateTime(intl, r.created_at) },
    actions.column,
  ];

  return (
    <ListScreen
      route={route}
      screen={chatbotScreen}
      list={list}
      staff
      columns={columns}
      empty={<FormattedMessage id="chatbot.none" />}
      tableName="chatbot-requests"
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
