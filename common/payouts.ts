/**
 * Vendor payouts: the ledger of what each vendor is owed (one entry per payment landing
 * or refund succeeding), the payout batches that settle it, and the history of vendors'
 * commission changes. Entries and payouts are written by the server's money rules only.
 */
import Type, { type Static } from 'typebox';
import {
  CurrencySchema, DateOnly, DateTime, Enum, LifecycleFields, MinorUnits, Nullable, Percent, RecordBase, SignedMinorUnits, StrictObject, Text,
  Uuid, VendorOwned,
} from './common.ts';

export const PAYOUT_BATCH_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;
export const SHARE_ENTRY_KINDS = ['payment', 'refund'] as const;

export const ShareEntry = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  booking_id: Uuid,
  payment_id: Uuid,
  refund_id: Nullable(Uuid),
  kind: Enum(SHARE_ENTRY_KINDS),
  /** The vendor's side (negative for a refund). */
  amount: SignedMinorUnits,
  commission: SignedMinorUnits,
  fee: MinorUnits,
  currency: CurrencySchema,
  commission_percent: Nullable(Percent),
  payable_from: DateTime,
  payout_id: Nullable(Uuid),
});
export type ShareEntry = Static<typeof ShareEntry>;

export const Payout = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  period_end: DateOnly,
  currency: CurrencySchema,
  ...LifecycleFields(Enum(PAYOUT_BATCH_STATUSES)),
  entries_count: Type.Integer({ minimum: 0 }),
  gross: SignedMinorUnits,
  refunds: MinorUnits,
  reserve_held: MinorUnits,
  reserve_released: MinorUnits,
  released_from: Nullable(Uuid),
  amount: MinorUnits,
  bank_reference: Nullable(Type.String({ maxLength: 100 })),
  approved_at: Nullable(DateTime),
  approved_by: Nullable(Uuid),
  paid_at: Nullable(DateTime),
  paid_by: Nullable(Uuid),
  created_by: Nullable(Uuid),
  notes: Nullable(Text(1000)),
  /** The second approval the first payout to a changed payout account needs (server/payments/payoutAccount.ts). */
  account_approved_at: Nullable(DateTime),
  account_approved_by: Nullable(Uuid),
  /** The account change it approved (the vendor's payout_account_changed_at then). */
  approved_account_change_at: Nullable(DateTime),
});
export type Payout = Static<typeof Payout>;

/** Body of `POST /payouts/build/`: a vendor's payable, unpaid entries up to a date (preview, or create the draft). */
export const PayoutBuild = StrictObject({
  vendor_id: Uuid,
  period_end: DateOnly,
  currency: Type.Optional(CurrencySchema),
  notes: Type.Optional(Nullable(Text(1000))),
  /** Only compute what the payout would hold. */
  preview: Type.Optional(Type.Boolean()),
});
/** Body of `POST /payouts/<id>/pay/`. */
export const PayoutPay = StrictObject({
  version: Type.Integer({ minimum: 1 }),
  bank_reference: Type.String({ maxLength: 100 }),
});

/** Body of `POST /payouts/<id>/approve-account/`: the second staff member approves paying a changed account. */
export const PayoutAccountApprove = StrictObject({
  version: Type.Integer({ minimum: 1 }),
});

export const CommissionChange = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  from_percent: Percent,
  to_percent: Percent,
  reason: Text(1000, 1),
  changed_by: Nullable(Uuid),
});
export type CommissionChange = Static<typeof CommissionChange>;

/** Body of `POST /vendors/<id>/commission/`. */
export const CommissionAdjust = StrictObject({
  commission_percent: Percent,
  reason: Type.String({ maxLength: 1000 }),
});
