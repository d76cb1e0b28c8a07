/** The named reads and commands of the customers and vendors screens (composed in src/api/reads.ts and src/api/commands.ts). */
import { deactivateVendorUser, inviteVendorUser, startActingAs, type IssuedLink, type VendorUser } from '../access.ts';
import type { ActingAs } from '../authStorage.ts';
import { ApiRequestError } from '../client.ts';
import { blockCustomer, messageCustomer } from '../customers.ts';
import { fetchDuplicates, mergeCustomer } from '../merge.ts';
import { createRecord, fetchList, type ApiRecord, type Page } from '../resources.ts';
import { fetchServiceRatings, type ServiceRating } from '../reviews.ts';

/** One page of a collection's list, with how many there are in all (a customer's bookings, a vendor's services). */
export interface PagedListArgs {
  collection: string;
  filters?: Record<string, string>;
  ordering?: string;
  /** From 1; the first when absent. */
  page?: number;
  pageSize?: number;
  fields?: readonly string[];
  expand?: readonly string[];
}

const DEFAULT_PAGE_SIZE = 20;

/** A hand adjustment names its customer by the picked record; the server's words about `customer_id` go to that field. */
function atCustomerField(error: unknown): never {
  if (error instanceof ApiRequestError && error.fieldErrors.customer_id) {
    const { customer_id, ...rest } = error.fieldErrors;
    throw new ApiRequestError(error.status, error.detail, error.body, { ...rest, customer: customer_id });
  }
  throw error;
}

export const customersReads = {
  /** A page of any collection's records with the count (the customer's and the vendor's tabs). */
  customersPagedList: (args: PagedListArgs, signal: AbortSignal): Promise<Page<ApiRecord>> =>
    fetchList<ApiRecord>(
      args.collection,
      { page: args.page ?? 1, page_size: args.pageSize ?? DEFAULT_PAGE_SIZE, search: '', ordering: args.ordering ?? '', filters: args.filters ?? {} },
      signal,
      args.fields,
      args.expand,
    ),
  /** Other customers with the same phone or email as this one. */
  customerDuplicates: (args: { id: string }, signal: AbortSignal): Promise<ApiRecord[]> => fetchDuplicates(args.id, signal).then((page) => page.results),
  /** Each service's average and distribution of stars from its approved reviews, for the reviews list's filters. */
  reviewRatings: (args: { service_id?: string; vendor_id?: string }, signal: AbortSignal): Promise<ServiceRating[]> =>
    fetchServiceRatings(args, signal).then((page) => page.results),
};

export const customersCommands = {
  /** Blocks (with the reason) or unblocks a customer, at the version shown. */
  customerBlock: (input: { id: string; version: number; blocked: boolean; reason: string }): Promise<ApiRecord> =>
    blockCustomer(input.id, { blocked: input.blocked, reason: input.reason.trim(), version: input.version }),
  /** Writes to a customer in their open conversation (or a new one). */
  customerMessage: (input: { id: string; body: string }): Promise<{ opened: boolean; conversation: ApiRecord; message: ApiRecord }> =>
    messageCustomer(input.id, { body: input.body.trim() }),
  /** Moves everything of `other_id` into this customer. */
  customerMerge: (input: { id: string; other_id: string; version: number }): Promise<ApiRecord> =>
    mergeCustomer(input.id, { other_id: input.other_id, version: input.version }),
  /** Money in or out of a customer's wallet by hand: a debit is always an adjustment, a credit a top-up or an adjustment. */
  walletAdjust: (input: {
    customer: ApiRecord | null;
    direction: 'credit' | 'debit';
    source: 'top_up' | 'adjustment';
    /** Minor units. */
    amount: number | null;
    reason: string;
  }): Promise<ApiRecord> =>
    createRecord<ApiRecord>('wallet-transactions', {
      customer_id: input.customer?.id,
      kind: input.direction,
      source: input.direction === 'debit' ? 'adjustment' : input.source,
      amount: input.amount,
      reason: input.reason.trim(),
    }).catch(atCustomerField),
  /** Points added or removed by hand: removed points are sent negative. */
  pointsAdjust: (input: { customer: ApiRecord | null; direction: 'credit' | 'debit'; points: number | null; reason: string }): Promise<ApiRecord> =>
    createRecord<ApiRecord>('loyalty-entries', {
      customer_id: input.customer?.id,
      points: input.direction === 'debit' ? -(input.points ?? 0) : input.points,
      reason: input.reason.trim(),
    }).catch(atCustomerField),
  /** An inactive account for one of the vendor's staff and its one-time set-password link. */
  vendorUserInvite: (input: { vendorId: string; name: string; email: string; phone: string }): Promise<IssuedLink> =>
    inviteVendorUser(input.vendorId, { name: input.name.trim(), email: input.email.trim(), phone: input.phone.trim() || null }),
  /** Locks one of the vendor's staff out at once. */
  vendorUserDeactivate: (input: { vendorId: string; userId: string }): Promise<VendorUser> => deactivateVendorUser(input.vendorId, input.userId),
  /** Opens an act-as session on a vendor, with staff's reason; the app's act-as actor takes it from there. */
  vendorActAs: (input: { vendorId: string; reason: string }): Promise<ActingAs> => startActingAs(input.vendorId, input.reason.trim()),
};
