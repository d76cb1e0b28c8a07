import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiRequestError } from '../../api/client.ts';
import { deleteMedia, mediaSrc, uploadImage, type MediaOwner } from '../../api/media.ts';
import { IMAGE_TYPES } from '../../domain/media.ts';
import type { ThreadActor } from '../../machines/resources/thread.ts';

/** A file on its way, or refused (with the server's words, in the reader's language). */
interface Pending {
  key: number;
  name: string;
  error: string | null;
}

/**
 * Images for the next reply: each chosen file is uploaded at once to the thread's owner
 * through the media pipeline (which judges it and says why it refuses it); an uploaded one
 * joins the reply (the thread machine keeps it until the reply is sent) as a chip with its
 * thumbnail and a remove button, which also deletes the unsent image.
 */
export function ReplyAttachments({ thread, owner, onBusy }: { thread: ThreadActor; owner: MediaOwner; onBusy: (busy: boolean) => void }) {
  const intl = useIntl();
  const attached = useSelector(thread, (s) => s.context.attachments);
  const sending = useSelector(thread, (s) => s.matches('sending'));
  const [pending, setPending] = useState<Pending[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  // The versions of uploaded images, to delete one removed before it was sent.
  const versions = useRef(new Map<string, number>());
  const uploading = pending.some((p) => p.error === null);
  useEffect(() => onBusy(uploading), [uploading]);

  const upload = (file: File) => {
    const key = nextKey.current++;
    setPending((list) => [...list, { key, name: file.name, error: null }]);
    uploadImage(owner, file, () => undefined, new AbortController().signal).then(
      ([media]) => {
        versions.current.set(media.id, media.version);
        thread.send({ type: 'attachment.added', attachment: { media_id: media.id, name: file.name } });
        setPending((list) => list.filter((p) => p.key !== key));
      },
      (error) => {
        const why =
          error instanceof ApiRequestError && !error.isNetworkError
            ? (error.fieldErrors.file?.[0] ?? error.fieldErrors.owner_id?.[0] ?? error.detail)
            : intl.formatMessage({ id: 'media.error.network' });
        setPending((list) => list.map((p) => (p.key === key ? { ...p, error: why } : p)));
      },
    );
  };
  const remove = (mediaId: string) => {
    thread.send({ type: 'attachment.removed', mediaId });
    const version = versions.current.get(mediaId);
    // Best effort: an image left behind is only an unused file of this conversation.
    if (version !== undefined) deleteMedia({ id: mediaId, version }).catch(() => undefined);
  };
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
          for (const file of event.target.files ?? []) upload(file);
          event.target.value = '';
        }}
      />
      {chips > 0 && (
        <ul className="attachment-chips" aria-label={intl.formatMessage({ id: 'thread.attachments' })}>
          {attached.map((a) => (
            <li key={a.media_id} className="attachment-chip">
              <img src={mediaSrc(a.media_id)} alt="" width={32} height={32} />
              <bdi>{a.name}</bdi>
              <button type="button" className="button button-ghost button-small" onClick={() => remove(a.media_id)} disabled={sending}>
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
                    {p.error}
                  </span>
                  <button type="button" className="button button-ghost button-small" onClick={() => setPending((list) => list.filter((q) => q.key !== p.key))}>
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
