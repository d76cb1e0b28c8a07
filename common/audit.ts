/** The audit log: who changed what, when, with the record before and after. Read-only. */
import Type, { type Static } from 'typebox';
import { DateTime, Nullable, StrictObject, Uuid } from './common.ts';

export const AuditEntry = StrictObject({
  id: Uuid,
  at: DateTime,
  actor_user_id: Nullable(Uuid),
  actor_email: Nullable(Type.String({ maxLength: 254 })),
  acting_as_vendor_id: Nullable(Uuid),
  /** The reason staff gave for acting as that vendor. */
  acting_reason: Nullable(Type.String({ maxLength: 500 })),
  action: Type.String({ maxLength: 60, description: 'create, update, delete, transition:<event>, settings, ...' }),
  entity: Type.String({ maxLength: 60 }),
  entity_id: Nullable(Type.String({ maxLength: 60 })),
  vendor_id: Nullable(Uuid),
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type AuditEntry = Static<typeof AuditEntry>;
