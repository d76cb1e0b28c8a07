import { FormattedMessage, useIntl } from 'react-intl';
import type { ManifestBooking } from '../../../api/availability.ts';
import { participantFlags, type RosterEntry } from '../../../../common/availabilityRules.ts';
import type { AdrenalineProfile } from '../../../../common/catalog.ts';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { FlagList } from './FlagList.tsx';

const EMPTY: RosterEntry = { name: '', age: null, weight_kg: null, waiver_signed: false };

/** A booking's people, saved in one request at the version shown; the server checks each again. */
const rosterCommand = defineCommand({ command: 'availabilityRoster' });

/**
 * The people of one booking (at most its participants), with the flags of the service's
 * profile shown as they are typed. Saved in one PATCH; the server's errors show at the
 * person and field they concern.
 */
export function RosterEditor({
  booking,
  profile,
  onSaved,
  onClose,
}: {
  booking: ManifestBooking;
  profile: AdrenalineProfile | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const form = useCommand(rosterCommand, {
    values: { roster: booking.roster.length > 0 ? booking.roster : [{ ...EMPTY }] },
    fixed: { id: booking.id, version: booking.version },
    onDone: onSaved,
  });
  const rows = form.values.roster ?? [];
  const errors = form.fieldErrors;
  const busy = form.busy;
  const setRows = (next: RosterEntry[]) => form.set({ roster: next });
  const change = (i: number, changes: Partial<RosterEntry>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...changes } : row)));
  const save = () => form.submit();

  return (
    <div className="roster-editor" role="group" aria-label={intl.formatMessage({ id: 'availability.roster.title' }, { ref: booking.ref })}>
      {form.error && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={form.error} />
        </p>
      )}
      {errors.roster && <p className="notice notice-error" role="alert">{errors.roster.join(' ')}</p>}
      <ol className="roster-rows">
        {rows.map((row, i) => (
          <li key={i} className="roster-row">
            <TextField
              label={<FormattedMessage id="availability.roster.name" values={{ n: i + 1 }} />}
              required
              maxLength={200}
              value={row.name}
              errors={errorsAt(errors, `roster.${i}.name`)}
              onChange={(name) => change(i, { name })}
            />
            <NumberField label={<FormattedMessage id="availability.roster.age" />} min={0} max={120} value={row.age} errors={errorsAt(errors, `roster.${i}.age`)} onChange={(age) => change(i, { age })} />
            <NumberField
              label={<FormattedMessage id="availability.roster.weight" />}
              min={1}
              max={300}
              unit={intl.formatMessage({ id: 'adrenaline.unit.kg' })}
              value={row.weight_kg}
              errors={errorsAt(errors, `roster.${i}.weight_kg`)}
              onChange={(weight_kg) => change(i, { weight_kg })}
            />
            <ToggleField label={<FormattedMessage id="availability.roster.waiver" />} checked={row.waiver_signed} onChange={(waiver_signed) => change(i, { waiver_signed })} />
            <FlagList flags={participantFlags(row, profile)} profile={profile} />
            <button type="button" className="button button-small button-ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              <FormattedMessage id="availability.roster.remove" values={{ n: i + 1 }} />
            </button>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="button button-small" disabled={rows.length >= booking.participants_count} onClick={() => setRows([...rows, { ...EMPTY }])}>
          <FormattedMessage id="availability.roster.add" />
        </button>
        <span className="muted">
          <FormattedMessage id="availability.roster.of" values={{ count: rows.length, total: booking.participants_count }} />
        </span>
        <button type="button" className="button button-ghost" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="button" className="button button-primary" disabled={busy} onClick={save}>
          <FormattedMessage id={busy ? 'record.saving' : 'record.save'} />
        </button>
      </div>
    </div>
  );
}
