/**
 * Every read a screen may declare, by name: a record, a filtered list of a collection, or
 * one of the server's own endpoints. Screens name a read and its arguments as data
 * (`{ read: 'refundable', args: … }`); the read machine (src/machines/resources/read.ts)
 * looks the name up here, so views never call the API themselves. A new endpoint a screen
 * reads is one line here.
 */
import { fetchGatewayEvents } from './payments.ts';
import { fetchRefundable } from './refunds.ts';
import { fetchList, fetchRecord, type ApiRecord } from './resources.ts';
import { fetchSettingsSection } from './settings.ts';
import { bookingsReads } from './calls/bookings.ts';
import { catalogReads } from './calls/catalog.ts';
import { customersReads } from './calls/customers.ts';
import { moneyReads } from './calls/money.ts';
import { servicesReads } from './calls/services.ts';
import { workspaceReads } from './calls/workspace.ts';

export interface ListArgs {
  collection: string;
  filters?: Record<string, string>;
  ordering?: string;
  /** At most this many (a page of a related list, not a whole screen's list). */
  pageSize?: number;
  fields?: readonly string[];
  expand?: readonly string[];
}

export interface RecordArgs {
  collection: string;
  id: string;
  expand?: readonly string[];
}

const RELATED_PAGE_SIZE = 100;

export const reads = {
  record: (args: RecordArgs, signal: AbortSignal) => fetchRecord<ApiRecord>(args.collection, args.id, signal, args.expand),
  /** The first page of a filtered list: its rows. */
  list: (args: ListArgs, signal: AbortSignal) =>
    fetchList<ApiRecord>(
      args.collection,
      { page: 1, page_size: args.pageSize ?? RELATED_PAGE_SIZE, search: '', ordering: args.ordering ?? '', filters: args.filters ?? {} },
      signal,
      args.fields,
      args.expand,
    ).then((page) => page.results),
  /** What may still be refunded on a booking; from one of its payments with `paymentId`. */
  refundable: (args: { bookingId: string; paymentId?: string }, signal: AbortSignal) => fetchRefundable(args.bookingId, signal, args.paymentId),
  gatewayEvents: (args: { paymentId: string }, signal: AbortSignal) => fetchGatewayEvents(args.paymentId, signal).then((page) => page.results),
  settingsSection: (args: { section: string }, signal: AbortSignal) => fetchSettingsSection(args.section, signal).then((section) => section.value),
  ...bookingsReads,
  ...customersReads,
  ...servicesReads,
  ...moneyReads,
  ...workspaceReads,
  ...catalogReads,
};

export type ReadName = keyof typeof reads;
export type ReadArgs<N extends ReadName> = Parameters<(typeof reads)[N]>[0];
export type ReadResult<N extends ReadName> = Awaited<ReturnType<(typeof reads)[N]>>;

/** Runs a named read (the read machine's one side effect). */
export function runRead<N extends ReadName>(name: N, args: ReadArgs<N>, signal: AbortSignal): Promise<ReadResult<N>> {
  return (reads[name] as (args: ReadArgs<N>, signal: AbortSignal) => Promise<ReadResult<N>>)(args, signal);
}

export type { ApiRecord };
