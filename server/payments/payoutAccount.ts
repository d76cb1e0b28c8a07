/**
 * Where a vendor's money goes. A change of its payout method or account (by its own
 * staff, or by platform staff not acting as it; acting as the vendor is refused) is a
 * change of the money's destination:
 * - it needs a reason when it replaces or removes an account on file (400 at
 *   `payout_change_reason`); a first account may come without one;
 * - the vendor keeps when it changed, who changed it and why, and the audit entry
 *   (`payout_account_change`) names who, with the account masked to its last 4 digits;
 * - every active user of the vendor is told, in the bell and by email, through the
 *   notification pipeline (texts in en, fr and ar; each delivery in its recipient's);
 * - the first payout paid after it waits for a second staff member: an unpaid payout of a
 *   vendor whose account changed after its last paid payout cannot be marked paid until a
 *   staff member other than the one who changed the account approves it for that change
 *   (`POST /payouts/<id>/approve-account/`); once a payout approved for the change is paid,
 *   the next ones go as usual. The rule is the database's `payout_awaits_account_approval`,
 *   which also refuses paying it by any other path. Changes are told apart by their stamp
 *   (each later than the one before), so no clock is compared with another.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES, type Locale } from '../../common/common.ts';
import { collection } from '../../common/registry.ts';
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import type { Queryable } from '../db/index.ts';
import { conflict, forbidden } from '../errors.ts';
import { hooksOf, type WriteContext } from '../engine/hooks.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { applyTransition } from '../engine/transitions.ts';

const vendors = collection('vendors');
const payouts = collection('payouts');
const notifications = collection('notifications');

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr, ar };
const INTL_TAGS: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-DZ' };

export const REASON_REQUIRED = 'Give a reason for changing the payout account.';
export const AWAITS_SECOND_APPROVAL =
  'The payout account of this vendor changed since its last payout: another staff member must approve this payout before it is marked paid.';
export const CHANGER_CANNOT_APPROVE = 'You changed this payout account: another staff member must give the second approval.';
export const NO_APPROVAL_AWAITED = 'This payout does not wait for a second approval.';

/** An account as the audit and the messages show it: its last 4 digits only. */
export function maskAccount(account: unknown): string | null {
  if (typeof account !== 'string' || account === '') return null;
  return `****${account.slice(-4)}`;
}

const changedField = (before: Row, changes: Row, name: string) => changes[name] !== undefined && (changes[name] ?? null) !== (before[name] ?? null);

/** Whether a PATCH (normalized) moves the money elsewhere. */
export function payoutDestinationChanges(before: Row, changes: Row): boolean {
  return changedField(before, changes, 'payout_method') || changedField(before, changes, 'payout_account');
}

/** The reason's field error, when the change replaces or removes an account on file and none was given. */
export function reasonErrors(before: Row, changes: Row, reason: string): Record<string, string[]> {
  if (!payoutDestinationChanges(before, changes)) return {};
  const onFile = before.payout_account != null || before.payout_method != null;
  return onFile && !reason ? { payout_change_reason: [REASON_REQUIRED] } : {};
}

/**
 * Writes a vendor's PATCH (already normalized and checked); when the destination changes,
 * stamps it, audits it masked under its own action and tells the vendor's users.
 */
export async function updateVendor(ctx: WriteContext, before: Row, changes: Row, reason: string): Promise<Row> {
  const id = String(before.id);
  if (!payoutDestinationChanges(before, changes)) return updateRecord(ctx, vendors, id, changes, { before });
  // Each change has its own stamp: an approval names the change it approves.
  const previous = before.payout_account_changed_at == null ? 0 : Date.parse(String(before.payout_account_changed_at));
  const stamp = new Date(Math.max(Date.parse(ctx.now), previous + 1)).toISOString();
  const after = await updateRecord(
    ctx,
    vendors,
    id,
    {
      ...changes,
      payout_account_changed_at: stamp,
      payout_account_changed_by: ctx.actor.user.id,
      payout_account_change_reason: reason || null,
    },
    { before, action: 'payout_account_change', redact: { payout_account: maskAccount }, ...(reason ? { note: { reason } } : {}) },
  );
  await notifyVendorUsers(ctx, after, reason);
  return after;
}

function format(locale: Locale, key: string, values: Record<string, string>): string {
  const text = CATALOGUES[locale][key] ?? CATALOGUES.en[key] ?? key;
  return String(new IntlMessageFormat(text, INTL_TAGS[locale]).format(values));
}

/** One notification per active user of the vendor and channel (the bell, then email), sent in this transaction. */
async function notifyVendorUsers(ctx: WriteContext, vendor: Row, reason: string): Promise<void> {
  const { rows: users } = await ctx.tx.query<{ id: string }>('SELECT id FROM users WHERE vendor_id = $1 AND active ORDER BY created_at, id', [vendor.id]);
  if (users.length === 0) return;
  const title = {} as Record<Locale, string>;
  const body = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const values = {
      vendor: String(vendor.trade_name),
      at: new Intl.DateTimeFormat(INTL_TAGS[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(new Date(ctx.now)),
      who: ctx.actor.user.name,
      role: ctx.actor.role === 'staff' && !ctx.actor.actingAsVendorId ? 'staff' : 'vendor',
      state: vendor.payout_account ? 'set' : 'removed',
      method: vendor.payout_method ? (CATALOGUES[locale][`payoutMethod.${String(vendor.payout_method)}`] ?? String(vendor.payout_method)) : '',
      account: maskAccount(vendor.payout_account) ?? '',
      reasonGiven: reason ? 'yes' : 'no',
      reason,
    };
    title[locale] = format(locale, 'vendorNotice.payoutAccountChanged.title', values).slice(0, 150);
    body[locale] = format(locale, 'vendorNotice.payoutAccountChanged.body', values).slice(0, 2000);
  }
  for (const user of users) {
    for (const channel of ['in_app', 'email'] as const) {
      const draft = await insertRecord(ctx, notifications, {
        title_i18n: title, body_i18n: body, channel, audience_type: 'user', audience_user_id: user.id,
        template_key: 'payout_account_changed', status: 'draft', created_by: null,
      });
      await applyTransition(ctx, notifications, hooksOf(ctx, 'notifications'), draft, { event: 'send' }, 'system');
    }
  }
}

// The second approval -------------------------------------------------------------------

export interface AccountApproval {
  /** Unpaid, and the vendor's account changed after its last paid payout with no approval since. */
  awaiting: boolean;
  changed_at: string | null;
  changed_by: string | null;
  changed_by_name: string | null;
  reason: string | null;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

/** The approval state of these payouts, read in one query. */
export async function accountApprovals(q: Queryable, ids: string[]): Promise<Map<string, AccountApproval>> {
  const out = new Map<string, AccountApproval>();
  if (ids.length === 0) return out;
  const { rows } = await q.query<Row>(
    `SELECT p.id, payout_awaits_account_approval(p) AS awaiting, v.payout_account_changed_at AS changed_at,
            v.payout_account_changed_by AS changed_by, u.name AS changed_by_name, v.payout_account_change_reason AS reason
       FROM payouts p JOIN vendors v ON v.id = p.vendor_id LEFT JOIN users u ON u.id = v.payout_account_changed_by
      WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  for (const r of rows) {
    out.set(String(r.id), {
      awaiting: r.awaiting === true, changed_at: iso(r.changed_at), changed_by: (r.changed_by as string) ?? null,
      changed_by_name: (r.changed_by_name as string) ?? null, reason: (r.reason as string) ?? null,
    });
  }
  return out;
}

/**
 * Before a payout is marked paid: refused (409) while it waits for its second approval.
 * The vendor's row is held (shared) so that an account change cannot slip in meanwhile.
 */
export async function assertAccountApproved(tx: Queryable, payout: Row): Promise<void> {
  await tx.query('SELECT 1 FROM vendors WHERE id = $1 FOR SHARE', [payout.vendor_id]);
  const approval = (await accountApprovals(tx, [String(payout.id)])).get(String(payout.id));
  if (approval?.awaiting) throw conflict(AWAITS_SECOND_APPROVAL, { code: 'awaiting_second_approval' });
}

/** The second staff member approves paying this payout to the vendor's changed account. */
export async function approveAccount(ctx: WriteContext, payout: Row): Promise<Row> {
  await ctx.tx.query('SELECT 1 FROM vendors WHERE id = $1 FOR SHARE', [payout.vendor_id]);
  const approval = (await accountApprovals(ctx.tx, [String(payout.id)])).get(String(payout.id));
  if (!approval?.awaiting) throw conflict(NO_APPROVAL_AWAITED);
  if (approval.changed_by === ctx.actor.user.id) throw forbidden(CHANGER_CANNOT_APPROVE);
  return updateRecord(ctx, payouts, String(payout.id), {
    account_approved_at: ctx.now, account_approved_by: ctx.actor.user.id, approved_account_change_at: approval.changed_at,
  }, { before: payout, action: 'approve_account', note: { account_changed_by: approval.changed_by } });
}
