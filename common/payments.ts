/** Payments, payment invitations (payment links) and payment splits. */
import Type, { type Static } from 'typebox';
import {
  CurrencySchema, DateOnly, DateTime, Email, Enum, LifecycleFields, MinorUnits, Nullable, Percent, Phone, RecordBase, SignedMinorUnits, StrictObject,
  Text, Uuid, VendorOwned, patchOf,
} from './common.ts';
import { INVITATION_STATUSES, PAYMENT_STATUSES } from './statuses.ts';

import { PAYMENT_METHODS } from './paymentMethods.ts';

export { GATEWAY_METHODS, PAYMENT_METHODS, type PaymentMethod } from './paymentMethods.ts';
export const PAYOUT_STATUSES = ['pending', 'scheduled', 'paid_out'] as const;
export const INVITATION_CHANNELS = ['sms', 'email'] as const;

const PositiveMinor = Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 });

export const PaymentInput = StrictObject({
  booking_id: Uuid,
  amount: PositiveMinor,
  method: Enum(PAYMENT_METHODS),
  payer_name: Type.Optional(Nullable(Text(200))),
  payer_phone: Type.Optional(Nullable(Phone)),
  payer_email: Type.Optional(Nullable(Email)),
  notes: Type.Optional(Nullable(Text(1000))),
});
export const PaymentPatch = patchOf(
  StrictObject({
    payer_name: Nullable(Text(200)),
    payer_phone: Nullable(Phone),
    payer_email: Nullable(Email),
    notes: Nullable(Text(1000)),
    payout_status: Enum(PAYOUT_STATUSES),
    payout_at: Nullable(DateTime),
  }),
);
/** Staff mark a payment reconciled, or not, always with a note (POST /payments/<id>/reconcile/). */
export const ReconcileInput = StrictObject({
  reconciled: Type.Boolean(),
  note: Text(1000, 1),
  version: Type.Integer({ minimum: 1, description: 'The version of the payment the note was written on.' }),
});
export const Payment = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ...Type.Required(PaymentInput).properties,
  customer_id: Uuid,
  currency: CurrencySchema,
  ...LifecycleFields(Enum(PAYMENT_STATUSES)),
  gateway_reference: Nullable(Type.String({ maxLength: 100 })),
  checkout_url: Nullable(Type.String({ maxLength: 1000 })),
  fee: MinorUnits,
  /** Below zero when a platform-funded discount exceeds the commission on this payment. */
  platform_commission: SignedMinorUnits,
  vendor_share: MinorUnits,
  refunded_amount: MinorUnits,
  paid_at: Nullable(DateTime),
  payout_status: Enum(PAYOUT_STATUSES),
  payout_at: Nullable(DateTime),
  reconciled: Type.Boolean(),
  reconciled_note: Nullable(Type.String({ maxLength: 1000 })),
  reconciled_at: Nullable(DateTime),
  reconciled_by: Nullable(Uuid),
  recorded_by: Nullable(Uuid),
  /** The booking's ref, copied when the payment is written (the list shows and searches it). */
  booking_ref: Type.String({ maxLength: 12 }),
});
export type Payment = Static<typeof Payment>;

export const PaymentInvitationInput = StrictObject({
  booking_id: Uuid,
  invitee_name: Type.Optional(Nullable(Text(200))),
  invitee_phone: Type.Optional(Nullable(Phone)),
  invitee_email: Type.Optional(Nullable(Email)),
  channel: Type.Optional(Enum(INVITATION_CHANNELS)),
  amount: PositiveMinor,
  expires_at: Type.Optional(DateTime),
  message: Type.Optional(Nullable(Text(500))),
});
export const PaymentInvitationPatch = patchOf(
  StrictObject({ invitee_name: Nullable(Text(200)), expires_at: DateTime, message: Nullable(Text(500)) }),
);
export const PaymentInvitation = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ...Type.Required(PaymentInvitationInput).properties,
  currency: CurrencySchema,
  token: Type.String({ maxLength: 64 }),
  ...LifecycleFields(Enum(INVITATION_STATUSES)),
  sent_count: Type.Integer({ minimum: 0 }),
  last_sent_at: Nullable(DateTime),
  opened_at: Nullable(DateTime),
  payment_id: Nullable(Uuid),
});
export type PaymentInvitation = Static<typeof PaymentInvitation>;

export const SplitShare = StrictObject({
  payer_name: Text(200, 1),
  amount: MinorUnits,
  paid: Type.Boolean(),
});
export const PaymentSplitInput = StrictObject({
  payment_id: Uuid,
  commission_percent: Type.Optional(Percent),
  payout_date: Type.Optional(Nullable(DateOnly)),
  shares: Type.Optional(Type.Array(SplitShare, { maxItems: 50 })),
  notes: Type.Optional(Nullable(Text(1000))),
});
export const PaymentSplitPatch = patchOf(Type.Omit(PaymentSplitInput, ['payment_id']));
export const PaymentSplit = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ...Type.Required(PaymentSplitInput).properties,
  booking_id: Uuid,
  amount: MinorUnits,
  currency: CurrencySchema,
  platform_amount: SignedMinorUnits,
  vendor_net: MinorUnits,
});
export type PaymentSplit = Static<typeof PaymentSplit>;
