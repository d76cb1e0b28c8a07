import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { fieldValue, recordMachine } from '../../machines/resources/record.ts';
import { ConflictView } from '../ui/ConflictView.tsx';
import { TextField } from '../ui/fields/TextField.tsx';

/** A booking's notes: read, edited through the record machine, and a stale save shown as both versions. */
export function BookingNotes({ record }: { record: ActorRefFrom<typeof recordMachine> }) {
  const snapshot = useSelector(record, (s) => s);
  const booking = snapshot.context.record;
  const editing = snapshot.matches('editing') || snapshot.matches('invalid') || snapshot.matches('saving');
  return (
    <section className="card" aria-labelledby="booking-notes">
      <h2 id="booking-notes">
        <FormattedMessage id="booking.notes" />
      </h2>
      {snapshot.matches('conflict') ? (
        <ConflictView
          mine={String(snapshot.context.draft.notes ?? '')}
          theirs={String(snapshot.context.conflict?.notes ?? '')}
          onKeepMine={() => record.send({ type: 'conflict.keepMine' })}
          onTakeTheirs={() => record.send({ type: 'conflict.takeTheirs' })}
          messageId="record.conflict"
        />
      ) : editing ? (
        <NotesEditor
          value={String(fieldValue(snapshot.context, 'notes') ?? '')}
          errors={snapshot.context.fieldErrors.notes}
          saving={snapshot.matches('saving')}
          onChange={(value) => record.send({ type: 'field.changed', name: 'notes', value })}
          onSave={() => record.send({ type: 'save' })}
          onCancel={() => record.send({ type: 'cancel' })}
        />
      ) : (
        <>
          <p className="notes">{booking?.notes ? String(booking.notes) : <span className="muted"><FormattedMessage id="booking.noNotes" /></span>}</p>
          <button type="button" className="button" onClick={() => record.send({ type: 'edit' })}>
            <FormattedMessage id="booking.editNotes" />
          </button>
        </>
      )}
    </section>
  );
}

function NotesEditor(props: { value: string; errors?: string[]; saving: boolean; onChange: (v: string) => void; onSave: () => void; onCancel: () => void }) {
  const intl = useIntl();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      <TextField
        label={<FormattedMessage id="booking.notes" />}
        hideLabel
        multiline={4}
        maxLength={2000}
        value={props.value}
        errors={props.errors}
        placeholder={intl.formatMessage({ id: 'booking.notesPlaceholder' })}
        onChange={props.onChange}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onCancel} disabled={props.saving}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="submit" className="button button-primary" disabled={props.saving}>
          <FormattedMessage id={props.saving ? 'record.saving' : 'record.save'} />
        </button>
      </div>
    </form>
  );
}
