import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ThreadRef } from '../../api/calls/workspace.ts';
import type { MediaOwner } from '../../api/media.ts';
import { replyUploadsMachine, uploading as anyUploading } from '../../machines/resources/replyUploads.ts';
import type { ThreadActor, ThreadMessage } from '../../machines/resources/thread.ts';
import { threadKey, threadWithCalls } from '../../machines/resources/threadCalls.ts';
import { ErrorState } from './ErrorState.tsx';
import { TextField } from './fields/TextField.tsx';
import { formatDateTime } from './format.ts';
import { mediaSrc } from './mediaUrl.ts';
import { ReplyAttachments } from './ReplyAttachments.tsx';

export type { ThreadActor, ThreadRef };

/**
 * A thread's actor talking to the server (the `threadMessages` read, the `threadReply`
 * command): a ticket's or a conversation's (`{ collection, id }`, or its messages' address),
 * the latest `limit` messages of it.
 */
export function useThread(thread: ThreadRef, limit = 100): ThreadActor {
  return useActorRef(threadWithCalls(thread, limit), { input: { url: threadKey(thread) } });
}

/**
 * A thread as chat bubbles (ours on one side, theirs on the other, mirrored in Arabic)
 * and the reply box under it. `ours` says which authors are on the reader's side.
 * Images uploaded with a message show as thumbnails through the image proxy (each a link
 * to the larger size); other attachments (from the customer app) are links. With
 * `attachTo`, a reply may carry images uploaded to that owner.
 */
export function ThreadView({
  thread,
  label,
  ours,
  attachTo,
  opened = false,
}: {
  thread: ThreadActor;
  /** What the thread is, for screen readers. */
  label: string;
  ours: (m: ThreadMessage) => boolean;
  /** The record a reply's images are uploaded to (a conversation); none: text only. */
  attachTo?: MediaOwner;
  /** The thread opens with a message shown above it (a ticket's own text): it is never empty then. */
  opened?: boolean;
}) {
  const intl = useIntl();
  const snapshot = useSelector(thread, (s) => s);
  const { messages, draft, error, fieldError, loadFailed } = snapshot.context;
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // In braces: some browsers' scrollIntoView returns a promise, which must not become the cleanup.
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [messages.length]);
  const sending = snapshot.matches('sending');
  // The images of the next reply, uploaded to `attachTo`; the reply waits for those on their way.
  const uploads = useActorRef(replyUploadsMachine, { input: { owner: attachTo ?? null, thread } });
  const uploading = useSelector(uploads, (s) => anyUploading(s.context.pending));

  return (
    <div className="thread">
      {loadFailed && <ErrorState onRetry={() => thread.send({ type: 'retry' })} />}
      {snapshot.matches('loading') && messages.length === 0 && (
        <p className="muted" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      )}
      <ol className="thread-messages" aria-label={label} aria-live="polite" aria-busy={snapshot.matches('loading') || undefined}>
        {!opened && !snapshot.matches('loading') && !loadFailed && messages.length === 0 && (
          <li className="muted thread-empty">
            <FormattedMessage id="thread.empty" />
          </li>
        )}
        {messages.map((m) => (
          <li key={m.id} className="bubble" data-side={ours(m) ? 'ours' : 'theirs'} data-author={m.author_type}>
            <span className="bubble-meta">
              <bdi>{m.author_name}</bdi> · <time dateTime={m.created_at}>{formatDateTime(intl, m.created_at)}</time>
            </span>
            <p dir="auto" className="bubble-body">
              {m.body}
            </p>
            {m.attachments && m.attachments.length > 0 && (
              <ul className="bubble-attachments">
                {m.attachments.map((a) => (
                  <li key={a.url}>
                    {a.media_id ? (
                      <a href={mediaSrc(a.media_id, 1280)} target="_blank" rel="noopener noreferrer" className="bubble-image">
                        <img src={mediaSrc(a.media_id)} alt={a.name} loading="lazy" decoding="async" />
                      </a>
                    ) : (
                      <a href={a.url} target="_blank" rel="noopener noreferrer">
                        <bdi>{a.name}</bdi>
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {m.author_type === 'customer' && (
              <span className="bubble-receipt muted">
                {m.read_at ? <FormattedMessage id="thread.readAt" values={{ at: formatDateTime(intl, m.read_at) }} /> : <FormattedMessage id="thread.unread" />}
              </span>
            )}
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="thread-end" />
      </ol>
      <form
        className="thread-reply"
        onSubmit={(e) => {
          e.preventDefault();
          thread.send({ type: 'send' });
        }}
      >
        <TextField
          label={<FormattedMessage id="thread.reply" />}
          multiline={3}
          maxLength={4000}
          dir="auto"
          value={draft}
          onChange={(value) => thread.send({ type: 'draft.changed', value })}
          errors={fieldError ? [fieldError] : undefined}
        />
        {error && (
          <p className="notice notice-error" role="alert">
            {error === 'error' ? <FormattedMessage id="thread.sendFailed" /> : error}
          </p>
        )}
        <div className="thread-reply-actions">
          {attachTo && <ReplyAttachments thread={thread} owner={attachTo} uploads={uploads} />}
          <button type="submit" className="button button-primary" disabled={sending || uploading || draft.trim() === ''} aria-busy={sending || undefined}>
            <FormattedMessage id={sending ? 'thread.sending' : 'thread.send'} />
          </button>
        </div>
      </form>
    </div>
  );
}
