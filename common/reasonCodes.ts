/**
 * Reason codes: the reasons an operator picks when cancelling a booking, requesting a
 * refund or rejecting something, each labelled in the three languages so a French or
 * Arabic screen never shows an English reason. `needs_free_text` codes ("other") ask
 * for a sentence as well. Records that take a reason keep the code and the free text.
 */
import Type, { type Static } from 'typebox';
import { Enum, RecordBase, StrictObject, patchOf } from './common.ts';
import { REASON_CODE_PATTERN, REASON_KINDS } from './reasonKinds.ts';

/** A code as sent and stored beside a reason's free text. */
export const ReasonCode = Type.String({ pattern: REASON_CODE_PATTERN, maxLength: 40 });

/** Every language is required: a missing label would show another language. */
const Label = StrictObject({
  en: Type.String({ minLength: 1, maxLength: 120 }),
  fr: Type.String({ minLength: 1, maxLength: 120 }),
  ar: Type.String({ minLength: 1, maxLength: 120 }),
});

export const ReasonCodeInput = StrictObject({
  kind: Enum(REASON_KINDS),
  code: ReasonCode,
  label_i18n: Label,
  needs_free_text: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
});
/** The kind and code are what stored records point to: they do not change (retire a code with `active`). */
export const ReasonCodePatch = patchOf(Type.Omit(ReasonCodeInput, ['kind', 'code']));
export const ReasonCodeRecord = StrictObject({ ...RecordBase, ...Type.Required(ReasonCodeInput).properties });
export type ReasonCodeRecord = Static<typeof ReasonCodeRecord>;
