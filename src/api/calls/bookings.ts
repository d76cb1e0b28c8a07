/** The named reads and commands of the bookings screens (composed in src/api/reads.ts and src/api/commands.ts). */
import { changePreviewUrl, type ChangePreview } from '../bookingChange.ts';
import { previewBooking, quoteCombo, type AppliedDiscount, type BookingQuote, type ComboQuote } from '../bookingPricing.ts';
import { apiClient } from '../apiClientHolder.ts';
import { createRecord, fetchRecord, type ApiRecord } from '../resources.ts';

/** What a price preview sends: the form as the pricing endpoint takes it. */
type QuoteBody = Record<string, unknown>;

export const bookingsReads = {
  /** What gave a booking its discount, named (its coupon, discount, deal; who pays each). */
  bookingDiscounts: (args: { bookingId: string }, signal: AbortSignal): Promise<AppliedDiscount[]> =>
    apiClient()
      .get<{ results: AppliedDiscount[] }>(`/branch/api/bookings/${encodeURIComponent(args.bookingId)}/discounts/`, { signal, quiet: true })
      .then((r) => r.results),
  /** The new-booking form's price: the quote a booking would get now (POST bookings/preview/, nothing written). */
  bookingQuote: (args: { body: QuoteBody }, signal: AbortSignal): Promise<BookingQuote> => previewBooking(args.body, signal),
  /** A booking's change priced: the new total, the difference and how it would be settled (nothing written). */
  bookingChangeQuote: (args: { bookingId: string; body: QuoteBody }, signal: AbortSignal): Promise<ChangePreview> =>
    apiClient().post<ChangePreview>(changePreviewUrl(args.bookingId), args.body, { signal, quiet: true }),
  /** A combo's price for the parts and participants chosen. */
  comboQuote: (args: { comboId: string; body: QuoteBody }, signal: AbortSignal): Promise<ComboQuote> => quoteCombo(args.comboId, args.body, signal),
  /** The services a combo is made of, by id; one the reader may no longer see is null (its title unknown). */
  bookingComboServices: (args: { ids: readonly string[] }, signal: AbortSignal): Promise<Record<string, ApiRecord | null>> =>
    Promise.all(
      args.ids.map((id) =>
        fetchRecord('services', id, signal).catch((error: unknown) => {
          if ((error as { status?: number }).status === 404) return null;
          throw error;
        }),
      ),
    ).then((found) => Object.fromEntries(args.ids.map((id, i) => [id, found[i]]))),
};

export const bookingsCommands = {
  /**
   * Refunds a booking in one step (from one payment, or spread over them), the customer told:
   * the server takes the refund as far as the caller's role allows and answers with it.
   */
  bookingRefund: (input: {
    booking_id: string;
    payment_id: string | null;
    amount: number;
    destination: string;
    reason_code?: string;
    reason?: string;
  }): Promise<ApiRecord> => {
    const { booking_id, ...body } = input;
    return apiClient().post<ApiRecord>(`/branch/api/bookings/${encodeURIComponent(booking_id)}/refund/`, { ...body, notify_customer: true }, { quiet: true });
  },
  /** Books a combo's parts together for one customer (all of them or none). */
  bookingComboBook: (input: {
    comboId: string;
    customer_id: string;
    participants: Record<string, number>;
    parts: { service_id: string; starts_at: string | null }[];
  }): Promise<{ bookings: ApiRecord[] }> => {
    const { comboId, ...body } = input;
    return apiClient().post<{ bookings: ApiRecord[] }>(`/branch/api/combos/${encodeURIComponent(comboId)}/book/`, body, { quiet: true });
  },
  /** A customer made from the new-booking form: a name and a phone, an email when given. */
  bookingNewCustomer: (input: { name: string; phone: string; email: string }): Promise<ApiRecord> =>
    createRecord('customers', { name: input.name.trim(), phone: input.phone.trim(), ...(input.email.trim() ? { email: input.email.trim() } : {}) }),
};
