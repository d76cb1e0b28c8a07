import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaOwner } from '../../api/media.ts';
import { IMAGE_TYPES } from '../../../common/media.ts';
import { replyUploadsMachine, uploading as anyUploading } from '../../machines/resources/replyUploads.ts';
import type { ThreadActor } from '../../machines/resources/thread.ts';
import { ErrorText } from './fields/Field.tsx';
import { mediaSrc } from './mediaUrl.ts';

export type ReplyUploadsActor = ActorRefFrom<typeof replyUploadsMachine>;

/**
 * Images for the next reply: each chosen file is uploaded at once to the thread's owner
 * through the media pipeline (which judges it and says why it refuses it); an uploaded one
 * joins the reply (the thread machine keeps it until the reply is sent) as a chip with its
 * thumbnail and a remove button, which also deletes the unsent image. The uploads are the
 * reply uploads machine's: `uploads` when the thread view holds it (and waits for them),
 * else one of its own, whose business `onBusy` reports.
 */
export function ReplyAttachments({
  thread,
  owner,
  onBusy,
  uploads,
}: {
  thread: ThreadActor;
  owner: MediaOwner;
  onBusy?: (busy: boolean) => void;
  uploads?: ReplyUploadsActor;
}) {
  const intl = useIntl();
  const own = useActorRef(replyUploadsMachine, { input: { owner, thread } });
  const actor = uploads ?? own;
  const attached = useSelector(thread, (s) => s.context.attachments);
  const sending = useSelector(thread, (s) => s.matches('sending'));
  const pending = useSelector(actor, (s) => s.context.pending);
  const input = useRef<HTMLInputElement>(null);
  const uploading = anyUploading(pending);
  useEffect(() => onBusy?.(uploading), [uploading]);
  const chips = attached.length + pending.length;

  return (
    <div className="reply-attachments">
      <button type="button" className="button button-small" onClick={() => input.current?.click()} disabled={sending}>
        <FormattedMessage id="thread.attach" />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={IMAGE_TYPES.join(',')}
        data-testid="reply-attach-input"
        onChange={(event) => {
          actor.send({ type: 'files.chosen', files: [...(event.target.files ?? [])] });
          event.target.value = '';
        }}
      />
      {chips > 0 && (
        <ul className="attachment-chips" aria-label={intl.formatMessage({ id: 'thread.attachments' })}>
          {attached.map((a) => (
            <li key={a.media_id} className="attachment-chip">
              <img src={mediaSrc(a.media_id)} alt="" width={32} height={32} />
              <bdi>{a.name}</bdi>
              <button type="button" className="button button-ghost button-small" onClick={() => actor.send({ type: 'remove', mediaId: a.media_id })} disabled={sending}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">
                  <FormattedMessage id="thread.removeAttachment" values={{ name: a.name }} />
                </span>
              </button>
            </li>
          ))}
          {pending.map((p) => (
            <li key={p.key} className="attachment-chip" data-failed={p.error !== null || undefined}>
              <bdi>{p.name}</bdi>
              {p.error === null ? (
                <span className="muted" role="status">
                  <FormattedMessage id="thread.uploading" />
                </span>
              ) : (
                <>
                  <span className="attachment-error" role="alert">
                    <ErrorText text={p.error} />
                  </span>
                  <button type="button" className="button button-ghost button-small" onClick={() => actor.send({ type: 'dismiss', key: p.key })}>
                    <span aria-hidden="true">×</span>
                    <span className="visually-hidden">
                      <FormattedMessage id="thread.removeAttachment" values={{ name: p.name }} />
                    </span>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
