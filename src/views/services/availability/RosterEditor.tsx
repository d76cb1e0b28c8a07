import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ManifestBooking } from '../../../api/availability.ts';
import type { ApiRequestError } from '../../../api/client.ts';
import { updateRecord } from '../../../api/resources.ts';
import { participantFlags, type RosterEntry } from '../../../domain/availabilityRules.ts';
import type { AdrenalineProfile } from '../../../domain/catalog.ts';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { FlagList } from './FlagList.tsx';

const EMPTY: RosterEntry = { name: '', age: null, weight_kg: null, waiver_signed: false };

/**
 * The people of one booking (at most its participants), with the flags of the service's
 * profile shown as they are typed. Saved in one PATCH; the server checks it again.
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
  const [rows, setRows] = useState<RosterEntry[]>(booking.roster.length > 0 ? booking.roster : [{ ...EMPTY }]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (i: number, changes: Partial<RosterEntry>) => setRows((r) => r.map((row, j) => (j === i ? { ...row, ...changes } : row)));

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await updateRecord('bookings', booking.id, { roster: rows.map((r) => ({ ...r, name: r.name.trim() })), version: booking.version });
      setErrors({});
      onSaved();
    } catch (error) {
      const e = error as ApiRequestError;
      setErrors(e.fieldErrors ?? {});
      setFailure(Object.keys(e.fieldErrors ?? {}).length > 0 ? null : e.detail);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="roster-editor" role="group" aria-label={intl.formatMessage({ id: 'availability.roster.title' }, { ref: booking.ref })}>
      {failure && <p className="notice notice-error" role="alert">{failure}</p>}
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
            <button type="button" className="button button-small button-ghost" onClick={() => setRows((r) => r.filter((_, j) => j !== i))}>
              <FormattedMessage id="availability.roster.remove" values={{ n: i + 1 }} />
            </button>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="button button-small" disabled={rows.length >= booking.participants_count} onClick={() => setRows((r) => [...r, { ...EMPTY }])}>
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
