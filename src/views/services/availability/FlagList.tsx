import { FormattedMessage } from 'react-intl';
import type { FlaggedParticipant, ParticipantFlag } from '../../../domain/availabilityRules.ts';
import type { AdrenalineProfile } from '../../../domain/catalog.ts';

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
