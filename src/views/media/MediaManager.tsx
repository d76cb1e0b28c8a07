/**
 * The images of one record (a service, a location, an adventure, a banner): upload
 * several files with the progress of each, alt text in three languages, order by
 * dragging or with the move buttons, the cover, delete after confirming.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaRecord } from '../../../common/collections.ts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../../common/media.ts';
import { mediaManagerMachine, type MediaOwner, type UploadEntry } from '../../machines/media/mediaManager.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { localized } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';
import { MediaAltEditor } from './MediaAltEditor.tsx';
import { MediaImage } from './MediaImage.tsx';

/** The grid's cells are about 12rem wide; two columns on a phone. */
export const THUMB_SIZES = '(min-width: 40em) 12rem, 45vw';

export function MediaManager(props: {
  ownerType: MediaRecord['owner_type'];
  ownerId: string;
  /** Called after images were added, changed or removed (a page showing them refetches). */
  onChanged?: () => void;
}) {
  // Another record is another set of images: a fresh actor.
  return <Manager key={`${props.ownerType}:${props.ownerId}`} owner={{ ownerType: props.ownerType, ownerId: props.ownerId }} onChanged={props.onChanged} />;
}

function Manager({ owner, onChanged }: { owner: MediaOwner; onChanged?: () => void }) {
  const intl = useIntl();
  const id = useId();
  const actor = useActorRef(mediaManagerMachine, { input: { owner } });
  const snapshot = useSelector(actor, (s) => s);
  const { items, uploads, failure, announcement, confirming } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const [editing, setEditing] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // After a move by keyboard the same button keeps the focus, wherever its image went.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current) document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  }, [items]);
  // The first list read is not a change; every later one follows an upload or a change.
  const loaded = useRef(false);
  useEffect(() => {
    if (snapshot.matches('loading')) return;
    if (loaded.current) onChanged?.();
    loaded.current = true;
  }, [items]);

  const altOf = (m: MediaRecord, index: number) =>
    localized(m.alt_i18n, intl.locale) || intl.formatMessage({ id: 'media.untitled' }, { position: index + 1 });
  const choose = (files: FileList | null) => {
    if (files && files.length > 0) actor.send({ type: 'files.chosen', files: [...files] });
  };
  const move = (media: MediaRecord, to: number, buttonId: string) => {
    refocus.current = buttonId;
    actor.send({ type: 'move', id: media.id, to });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    choose(event.dataTransfer.files);
  };

  if (snapshot.matches('failed')) return <ErrorState detail={failure ?? undefined} onRetry={() => actor.send({ type: 'retry' })} />;

  return (
    <section className="media-manager" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="media-title">
        <FormattedMessage id="media.title" />
      </h2>
      <div
        className="media-drop"
        data-over={dropping || undefined}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        <p>
          <FormattedMessage id="media.dropHere" />
        </p>
        <button type="button" className="button button-primary" onClick={() => input.current?.click()}>
          <FormattedMessage id="media.choose" />
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={IMAGE_TYPES.join(',')}
          aria-label={intl.formatMessage({ id: 'media.choose' })}
          onChange={(event) => {
            choose(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <p className="muted">
          <FormattedMessage id="media.limits" values={{ size: intl.formatNumber(IMAGE_MAX_BYTES / 1024 / 1024) }} />
        </p>
      </div>

      {uploads.length > 0 && (
        <ul className="media-uploads" aria-label={intl.formatMessage({ id: 'media.uploads' })}>
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onDismiss={() => actor.send({ type: 'upload.dismiss', key: upload.key })} />
          ))}
        </ul>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement && intl.formatMessage({ id: announcement.id }, announcement.values)}
      </p>
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}

      {snapshot.matches('loading') ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : items.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="media.none" />
        </p>
      ) : (
        <ol className="media-grid" aria-label={intl.formatMessage({ id: 'media.order' })} aria-busy={busy || undefined}>
          {items.map((m, index) => {
            const alt = altOf(m, index);
            const earlier = `${id}-earlier-${m.id}`;
            const later = `${id}-later-${m.id}`;
            return (
              <li
                key={m.id}
                className="media-item"
                draggable
                data-dragged={dragged === m.id || undefined}
                onDragStart={(event) => {
                  setDragged(m.id);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', m.id);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (dragged) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  event.stopPropagation();
                  actor.send({ type: 'move', id: dragged, to: index });
                  setDragged(null);
                }}
              >
                <figure>
                  <MediaImage media={m} sizes={THUMB_SIZES} alt={alt} />
                  <figcaption>
                    {m.is_cover && (
                      <span className="chip media-cover">
                        <FormattedMessage id="media.cover" />
                      </span>
                    )}
                    <span className="media-alt">{localized(m.alt_i18n, intl.locale) || <FormattedMessage id="media.noAlt" />}</span>
                  </figcaption>
                </figure>
                <div className="media-actions">
                  <button
                    type="button"
                    id={earlier}
                    className="button button-small"
                    aria-disabled={index === 0 || undefined}
                    onClick={() => index > 0 && move(m, index - 1, earlier)}
                    aria-label={intl.formatMessage({ id: 'media.moveEarlier' }, { name: alt })}
                  >
                    <Icon name="chevron" className="icon media-arrow-earlier" />
                  </button>
                  <button
                    type="button"
                    id={later}
                    className="button button-small"
                    aria-disabled={index === items.length - 1 || undefined}
                    onClick={() => index < items.length - 1 && move(m, index + 1, later)}
                    aria-label={intl.formatMessage({ id: 'media.moveLater' }, { name: alt })}
                  >
                    <Icon name="chevron" className="icon media-arrow-later" />
                  </button>
                  {!m.is_cover && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy}
                      aria-label={intl.formatMessage({ id: 'media.makeCoverOf' }, { name: alt })}
                      onClick={() => actor.send({ type: 'cover', id: m.id })}
                    >
                      <FormattedMessage id="media.makeCover" />
                    </button>
                  )}
                  <button type="button" className="button button-small" aria-label={intl.formatMessage({ id: 'media.editAltOf' }, { name: alt })} onClick={() => setEditing(m.id)}>
                    <FormattedMessage id="media.editAlt" />
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={busy}
                    aria-label={intl.formatMessage({ id: 'media.deleteOf' }, { name: alt })}
                    onClick={() => actor.send({ type: 'delete', id: m.id })}
                  >
                    <FormattedMessage id="media.delete" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {editing && (
        <MediaAltEditor
          key={editing}
          id={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) actor.send({ type: 'refresh' });
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        danger
        title={<FormattedMessage id="media.deleteTitle" />}
        description={<FormattedMessage id="media.deleteText" />}
        confirmLabel={<FormattedMessage id="media.delete" />}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
      />
    </section>
  );
}

function UploadRow({ upload, onDismiss }: { upload: UploadEntry; onDismiss: () => void }) {
  const intl = useIntl();
  const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  const error = upload.error && (upload.error.startsWith('media.') ? intl.formatMessage({ id: upload.error }) : upload.error);
  return (
    <li className="media-upload" data-status={upload.status}>
      <span className="media-upload-name" dir="auto">
        {upload.name}
      </span>
      {upload.status === 'uploading' ? (
        <>
          <progress max={100} value={percent} aria-label={intl.formatMessage({ id: 'media.progress' }, { name: upload.name })} />
          <span className="media-upload-percent">{intl.formatNumber(percent / 100, { style: 'percent' })}</span>
        </>
      ) : (
        <span className="media-upload-error" role="alert">
          {error}
        </span>
      )}
      <button
        type="button"
        className="button button-small button-ghost"
        aria-label={intl.formatMessage({ id: upload.status === 'uploading' ? 'media.cancelUploadOf' : 'media.dismissOf' }, { name: upload.name })}
        onClick={onDismiss}
      >
        <FormattedMessage id={upload.status === 'uploading' ? 'media.cancelUpload' : 'media.dismiss'} />
      </button>
    </li>
  );
}
