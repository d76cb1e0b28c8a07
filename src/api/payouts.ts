/** Payouts, commission changes and a booking's money ledger (server/payments/payoutsRoutes.ts). */
import { apiClient } from './apiClientHolder.ts';

export interface LedgerRow {
  kind: 'payment' | 'refund';
  at: string;
  payment_id: string;
  refund_id: string | null;
  method: string;
  /** What the customer paid (negative: what went back); gross = commission + fee + vendor_net. */
  gross: number;
  commission: number;
  commission_percent: number | null;
  fee: number;
  vendor_net: number;
  payable_from: string;
  payout: { id: string; status: string; period_end: string } | null;
}

export interface Ledger {
  booking_id: string;
  currency: string;
  rows: LedgerRow[];
  totals: { gross: number; commission: number; fee: number; vendor_net: number };
}

export interface PayoutPreview {
  vendor_id: string;
  period_end: string;
  currency: string;
  reserve_percent: number;
  /** Days the reserve is held after the payout is paid. */
  reserve_days: number;
  entries_count: number;
  gross: number;
  refunds: number;
  reserve_held: number;
  reserve_released: number;
  amount: number;
}

const url = (path: string) => `/branch/api/${path}`;

export function fetchLedger(bookingId: string, signal?: AbortSignal): Promise<Ledger> {
  return apiClient().get<Ledger>(url(`bookings/${encodeURIComponent(bookingId)}/ledger/`), { signal, quiet: true });
}

export function previewPayout(input: { vendor_id: string; period_end: string }, signal?: AbortSignal): Promise<PayoutPreview> {
  return apiClient().post<PayoutPreview>(url('payouts/build/'), { ...input, preview: true }, { signal, quiet: true });
}

export function buildPayout(input: { vendor_id: string; period_end: string; notes?: string | null }): Promise<Record<string, unknown>> {
  return apiClient().post(url('payouts/build/'), input, { quiet: true });
}

export function payPayout(id: string, version: number, bankReference: string): Promise<Record<string, unknown>> {
  return apiClient().post(url(`payouts/${encodeURIComponent(id)}/pay/`), { version, bank_reference: bankReference }, { quiet: true });
}

/** The second staff member approves paying this payout to the vendor's changed payout account. */
export function approvePayoutAccount(id: string, version: number): Promise<Record<string, unknown>> {
  return apiClient().post(url(`payouts/${encodeURIComponent(id)}/approve-account/`), { version }, { quiet: true });
}

export function adjustCommission(vendorId: string, input: { commission_percent: number; reason: string }): Promise<Record<string, unknown>> {
  return apiClient().post(url(`vendors/${encodeURIComponent(vendorId)}/commission/`), input, { quiet: true });
}

/** Downloads a payout's statement (CSV) in the user's language. */
export async function downloadStatement(payout: { id: string; period_end: string }, locale: string): Promise<void> {
  const blob = await apiClient().get<Blob>(url(`payouts/${encodeURIComponent(payout.id)}/statement.csv`), {
    params: { lang: locale.slice(0, 2) },
    responseType: 'blob',
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `payout-${payout.period_end}-${payout.id.slice(0, 8)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
