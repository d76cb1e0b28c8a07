import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConflictView } from './ConflictView.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { errorsElsewhere } from './fields/fieldErrors.ts';
import type { RecordEditor } from './useRecordEditor.ts';

/**
 * The frame of an editor opened beside a list: loading, not found and failed states; its
 * heading; the server's refusal, with the field errors the form does not show at a field
 * listed so none is silent; a notice when someone else saved the record while it has
 * unsaved changes here; and, on a stale save, the two versions side by side instead
 * of the form. The form ends with Cancel (asking first when there are unsaved changes)
 * and Save.
 */
export function RecordEditorPanel({
  editor,
  heading,
  className,
  summary,
  closeLabel,
  onClose,
  focusHeading = false,
  onSave = () => editor.record.send({ type: 'save' }),
  extraActions,
  children,
}: {
  editor: RecordEditor;
  heading: ReactNode;
  className: string;
  /** A record in one line, for the conflict view. */
  summary: (record: Record<string, unknown> | null) => ReactNode;
  /** Message id of the button that closes a record not found. */
  closeLabel: string;
  onClose: (saved: boolean) => void;
  /** Move the focus to the heading when the panel opens (it appears away from the link that opened it). */
  focusHeading?: boolean;
  /** What Save does (by default, save the draft). */
  onSave?: () => void;
  /** More buttons before Cancel and Save (Delete). */
  extraActions?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { record, snapshot, context } = editor;
  const ready = !snapshot.matches('loading') && !snapshot.matches('starting');
  useEffect(() => {
    if (focusHeading && ready) headingRef.current?.focus();
  }, [ready]);

  if (snapshot.matches('notFound')) {
    return (
      <section className={`card ${className}`}>
        <EmptyState title={<FormattedMessage id="record.notFound" />} />
        <button type="button" className="button" onClick={() => onClose(false)}>
          <FormattedMessage id={closeLabel} />
        </button>
      </section>
    );
  }
  if (snapshot.matches('failed')) return <ErrorState detail={context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />;
  if (!ready) return <p className="muted"><FormattedMessage id="common.loading" /></p>;

  return (
    <section className={`card ${className}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {context.error && !snapshot.matches('conflict') && (
        <div className="notice notice-error" role="alert">
          {context.error.detail}
          {errorsElsewhere(context.fieldErrors, editor.boundFields()).map(([path, messages]) => (
            <Fragment key={path}> {messages.join(' ')}</Fragment>
          ))}
          {snapshot.matches('viewing') && (
            <>
              {' '}
              <button type="button" className="button button-small" onClick={() => record.send({ type: 'reload' })}>
                <FormattedMessage id="common.retry" />
              </button>
            </>
          )}
        </div>
      )}
      {context.changedElsewhere && (snapshot.matches('editing') || snapshot.matches('invalid')) && (
        // Saved elsewhere while this draft was open: the draft stays; saving shows both versions.
        <div className="notice notice-info notice-changed-elsewhere" role="status">
          <span>
            <FormattedMessage id="realtime.changedElsewhere" />
          </span>
          <button type="button" className="button button-small" onClick={() => record.send({ type: 'remote.load' })}>
            <FormattedMessage id="realtime.loadTheirs" />
          </button>
        </div>
      )}
      {snapshot.matches('invalid') && !context.error && (
        // Refused before sending (the server's own limits): say so once, the messages are at their fields.
        <div className="notice notice-error" role="alert">
          <FormattedMessage id="record.fixErrors" />
        </div>
      )}
      {snapshot.matches('conflict') ? (
        <ConflictView
          mine={summary({ ...(context.record ?? {}), ...context.draft })}
          theirs={summary(context.conflict)}
          onKeepMine={() => record.send({ type: 'conflict.keepMine' })}
          onTakeTheirs={() => record.send({ type: 'conflict.takeTheirs' })}
        />
      ) : (
        <form
          ref={editor.formRef}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {children}
          <div className="form-actions">
            {extraActions}
            <button type="button" className="button" disabled={editor.busy} onClick={editor.cancel}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary" disabled={editor.busy}>
              <FormattedMessage id={snapshot.matches('saving') ? 'record.saving' : 'record.save'} />
            </button>
          </div>
        </form>
      )}
      {editor.leaveDialog}
    </section>
  );
}
