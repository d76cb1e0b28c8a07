import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useRealtimeEvents } from '../../app/realtime.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { conversationMachine } from '../../machines/messages/conversation.ts';
import { conversationThread } from '../../machines/messages/threads.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { ThreadView, useThread } from '../ui/ThreadView.tsx';
import { useRead } from '../ui/useRead.ts';
import { correspondentOf, type ConversationRow } from './inboxScreen.ts';
import { SavedRepliesMenu } from './SavedRepliesMenu.tsx';

/**
 * One conversation beside the inbox: who and what it is about, its assignee (staff assign
 * anyone of staff, vendor staff one of theirs), read and unread, and the thread. Opening
 * it reads the customer's messages; their read marks reach the other side live.
 */
export function ConversationPane({
  id, row, staff, userId, backHref, onChanged,
}: { id: string; row?: ConversationRow; staff: boolean; userId: string; backHref: string; onChanged: () => void }) {
  const intl = useIntl();
  const thread = useThread(conversationThread(id));
  const conversation = useActorRef(
    conversationMachine.provide({
      actions: {
        announceChanged: () => {
          thread.send({ type: 'changed' });
          onChanged();
        },
      },
    }),
    { input: { id } },
  );
  const { record: loaded, notFound, loadFailed, notice } = useSelector(conversation, (s) => s.context);
  const record = (loaded as ConversationRow | null) ?? row ?? null;
  const reload = () => conversation.send({ type: 'reload' });
  const assignees = useRead('messagesAssignees', {}).data ?? [];
  const selectId = useId();

  useRealtimeEvents((event) => {
    if (event.payload?.conversation_id !== id) return;
    thread.send({ type: 'changed' });
    reload();
  }, { type: 'message' });
  useRealtimeEvents((event) => {
    if (event.record_id === id) reload();
  }, { type: 'record', collection: 'conversations' });

  if (notFound) return <EmptyState title={<FormattedMessage id="record.notFound" />} />;
  if (loadFailed && !record) return <ErrorState onRetry={reload} />;
  if (!record) return null;

  const unread = record.unread_count ?? 0;
  const assign = (assigneeId: string) => conversation.send({ type: 'assign', assigneeId: assigneeId || null });
  const markUnread = () => {
    const last = [...thread.getSnapshot().context.messages].reverse().find((m) => m.author_type === 'customer');
    if (last) conversation.send({ type: 'markUnread', message: { id: last.id, version: last.version } });
  };
  const booking = record._expanded?.booking_id;
  const assigneeOptions = assignees.some((a) => a.id === record.assignee_id) || !record.assignee_id
    ? assignees
    : [...assignees, { id: record.assignee_id, name: String(record._expanded?.assignee_id?.name ?? '…') }];

  return (
    <div className="conversation">
      <div className="conversation-head">
        <Link href={backHref} className="button button-ghost inbox-back">
          <FormattedMessage id="inbox.back" />
        </Link>
        <h2 id="inbox-thread-title">
          <bdi>{correspondentOf(record)}</bdi>
        </h2>
        <p className="muted conversation-about">
          {booking ? (
            <Link href={pathOf(routeByKey('bookingDetail'), booking.id)}>
              <FormattedMessage id="inbox.booking" values={{ ref: <bdi dir="ltr">{String(booking.ref)}</bdi> }} />
            </Link>
          ) : (
            record.subject && <bdi>{record.subject}</bdi>
          )}
          {staff && record._expanded?.vendor_id ? <> · <bdi>{String(record._expanded.vendor_id.trade_name)}</bdi></> : null}
        </p>
        <div className="conversation-actions">
          <label htmlFor={selectId}>
            <FormattedMessage id="inbox.assignee" />
          </label>
          <select id={selectId} value={record.assignee_id ?? ''} onChange={(e) => assign(e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'inbox.unassigned' })}</option>
            {assigneeOptions.map((a) => (
              <option key={a.id} value={a.id}>
                {a.id === userId ? intl.formatMessage({ id: 'inbox.me' }, { name: a.name }) : a.name}
              </option>
            ))}
          </select>
          {record.assignee_id !== userId && (
            <button type="button" className="button button-small" onClick={() => assign(userId)}>
              <FormattedMessage id="inbox.assignToMe" />
            </button>
          )}
          {unread > 0 ? (
            <button type="button" className="button button-small" onClick={() => conversation.send({ type: 'markRead' })}>
              <FormattedMessage id="inbox.markRead" />
            </button>
          ) : (
            <button type="button" className="button button-small" onClick={markUnread}>
              <FormattedMessage id="inbox.markUnread" />
            </button>
          )}
          <SavedRepliesMenu thread={thread} />
        </div>
      </div>
      {notice && (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      )}
      <ThreadView
        thread={thread}
        label={intl.formatMessage({ id: 'inbox.threadWith' }, { name: correspondentOf(record) })}
        ours={(m) => m.author_type !== 'customer'}
        attachTo={{ ownerType: 'conversation', ownerId: id }}
      />
    </div>
  );
}
