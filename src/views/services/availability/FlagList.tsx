import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FlaggedParticipant, ParticipantFlag } from '../../../../common/availabilityRules.ts';
import type { AdrenalineProfile } from '../../../../common/catalog.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';

/** Why a participant may not take part, each flag in words with the profile's limit. */
export function FlagList({ flags, profile }: { flags: readonly ParticipantFlag[]; profile: AdrenalineProfile | null }) {
  if (flags.length === 0) return null;
  return (
    <ul className="flag-list">
      {flags.map((flag) => (
        <li key={flag} className="flag">
          <FormattedMessage
            id={`availability.flag.${flag}`}
            values={{ min_age: profile?.min_age ?? 0, min: profile?.min_weight_kg ?? 0, max: profile?.max_weight_kg ?? 0 }}
          />
        </li>
      ))}
    </ul>
  );
}

/** The people a check-in would let through against the activity's conditions, each with why. */
export function FlaggedPeople({ people, profile }: { people: readonly FlaggedParticipant[]; profile: AdrenalineProfile | null }) {
  return (
    <ul className="flag-people">
      {people.map((p, i) => (
        <li key={i}>
          <strong>{p.name}</strong>
          <FlagList flags={p.flags} profile={profile} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Checking in people the activity's conditions flag: who and why, and the operator's words,
 * which the server requires. The same on a slot's manifest and on a booking's page.
 */
export function FlaggedCheckInDialog({ open, bookingRef, people, profile, reason, missing, failure, busy, onReason, onCancel, onConfirm }: {
  open: boolean;
  bookingRef: string;
  people: readonly FlaggedParticipant[];
  profile: AdrenalineProfile | null;
  reason: string;
  /** Confirm was pressed without words. */
  missing: boolean;
  /** A refusal, said in the dialog: the page behind it is out of reach. */
  failure?: ReactNode;
  busy: boolean;
  onReason: (text: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={<FormattedMessage id="availability.checkIn.title" values={{ ref: bookingRef }} />}
      description={<FormattedMessage id="availability.checkIn.description" />}
      confirmLabel={<FormattedMessage id="availability.checkIn.confirm" />}
      danger
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {failure && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={failure} />
        </p>
      )}
      <FlaggedPeople people={people} profile={profile} />
      <TextField
        label={<FormattedMessage id="availability.checkIn.reason" />}
        required
        multiline={2}
        maxLength={1000}
        value={reason}
        errors={missing && !reason.trim() ? ['availability.required'] : undefined}
        onChange={onReason}
      />
    </ConfirmDialog>
  );
}
