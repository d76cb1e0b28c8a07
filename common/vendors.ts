/** Vendors (the operators selling on the marketplace) and their branches (sites). */
import Type, { type Static } from 'typebox';
import {
  DateOnly, DateTime, Email, Enum, LifecycleFields, Name, Nullable, Percent, Phone, RecordBase, StrictObject, Text, Url, Uuid, VendorOwned, patchOf,
} from './common.ts';
import { VENDOR_STATUSES } from './statuses.ts';
import { WilayaCode } from './wilayas.ts';

export const PAYOUT_METHODS = ['rib', 'ccp'] as const;

export const VendorInput = StrictObject({
  trade_name: Name(),
  legal_name: Name(),
  rc_number: Type.Optional(Nullable(Text(40))),
  nif_number: Type.Optional(Nullable(Text(40))),
  nis_number: Type.Optional(Nullable(Text(40))),
  contact_name: Type.Optional(Nullable(Text(200))),
  contact_email: Type.Optional(Nullable(Email)),
  contact_phone: Type.Optional(Nullable(Phone)),
  address: Type.Optional(Nullable(Text(500))),
  wilaya_code: Type.Optional(Nullable(WilayaCode)),
  website: Type.Optional(Nullable(Url)),
  description: Type.Optional(Nullable(Text(2000))),
  commission_percent: Type.Optional(Percent),
  payout_method: Type.Optional(Nullable(Enum(PAYOUT_METHODS))),
  payout_account: Type.Optional(Nullable(Type.String({ pattern: '^[0-9A-Za-z ]{6,40}$', maxLength: 40 }))),
});
/**
 * A PATCH may carry why the payout method or account changes (required when an account on
 * file is replaced or removed); it is kept on the vendor and in the audit, never a column
 * the client writes itself.
 */
export const VendorPatch = StrictObject({
  ...patchOf(VendorInput).properties,
  payout_change_reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export const Vendor = StrictObject({
  ...RecordBase,
  ...Type.Required(VendorInput).properties,
  ...LifecycleFields(Enum(VENDOR_STATUSES)),
  /** When the payout method or account last changed, by whom and why (the first payout after it waits for a second staff member). */
  payout_account_changed_at: Nullable(DateTime),
  payout_account_changed_by: Nullable(Uuid),
  payout_account_change_reason: Nullable(Text(500)),
});
export type Vendor = Static<typeof Vendor>;
export type VendorInput = Static<typeof VendorInput>;

export const BranchInput = StrictObject({
  vendor_id: Type.Optional(VendorOwned.vendor_id),
  name: Name(),
  address: Type.Optional(Nullable(Text(500))),
  wilaya_code: Type.Optional(Nullable(WilayaCode)),
  phone: Type.Optional(Nullable(Phone)),
  email: Type.Optional(Nullable(Email)),
  manager_name: Type.Optional(Nullable(Text(200))),
  active: Type.Optional(Type.Boolean()),
});
export const BranchPatch = patchOf(Type.Omit(BranchInput, ['vendor_id']));
export const Branch = StrictObject({ ...RecordBase, ...Type.Required(BranchInput).properties });
export type Branch = Static<typeof Branch>;

/** The documents a vendor files before selling, in the order the checklist shows them. */
export const VENDOR_DOCUMENT_KINDS = ['commercial_register', 'tax_card', 'liability_insurance', 'activity_licence'] as const;

export const VendorDocumentInput = StrictObject({
  vendor_id: Type.Optional(VendorOwned.vendor_id),
  kind: Enum(VENDOR_DOCUMENT_KINDS),
  number: Type.Optional(Nullable(Text(60))),
  issued_on: Type.Optional(Nullable(DateOnly)),
  expires_on: Type.Optional(Nullable(DateOnly)),
  /** The scanned document: a media (kind document or image) of the same vendor. */
  media_id: Type.Optional(Nullable(Uuid)),
  /** Staff checked it against the original; the server records who and when. */
  verified: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Nullable(Text(1000))),
});
export const VendorDocumentPatch = patchOf(Type.Omit(VendorDocumentInput, ['vendor_id', 'kind']));
export const VendorDocument = StrictObject({
  ...RecordBase,
  ...Type.Required(VendorDocumentInput).properties,
  verified_by: Nullable(Uuid),
  verified_at: Nullable(DateTime),
});
export type VendorDocument = Static<typeof VendorDocument>;
