/** A payment's gateway events and its reconciliation (server/payments/paymentDetail.ts). */
import { apiClient } from './apiClientHolder.ts';
import type { ApiRecord } from './resources.ts';

/** One event the payment gateway sent about a payment, as the webhook recorded it. */
export interface GatewayEventRow {
  id: string;
  received_at: string;
  provider: string;
  event_id: string;
  kind: string;
  amount: number | null;
  currency: string | null;
  outcome: 'applied' | 'ignored' | 'failed';
  detail: string | null;
}

const paymentUrl = (id: string) => `/branch/api/payments/${encodeURIComponent(id)}/`;

export function fetchGatewayEvents(paymentId: string, signal?: AbortSignal): Promise<{ results: GatewayEventRow[] }> {
  return apiClient().get(`${paymentUrl(paymentId)}events/`, { signal, quiet: true });
}

export function reconcilePayment(paymentId: string, body: { reconciled: boolean; note: string; version: number }): Promise<ApiRecord> {
  return apiClient().post(`${paymentUrl(paymentId)}reconcile/`, body, { quiet: true });
}
