/**
 * What a booking of one service would cost, as the operator tries it: a day, participants
 * per customer type and a coupon. Each change that makes a whole request is priced by the
 * server as a booking would be (the pricing chart, `pricePreview`, invoked here: after a
 * pause, the latest request winning, a refusal kept at its fields); an incomplete one
 * clears the price. The day is priced at noon in Algeria, so the rules of that date and
 * weekday apply whatever the browser's time zone. `refresh` prices the same request again
 * (the service's rules changed). A service with no active price rule has nothing to
 * preview: nothing is asked (the server would only refuse) until it has one.
 */
import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { algeriaInstant } from '../../../common/time.ts';
import { pricePreviewMachine } from '../bookings/pricePreview.ts';

export interface ServicePricePreviewInput {
  serviceId: string;
  /** The day first priced, `YYYY-MM-DD` (today in Algeria). */
  date: string | null;
  /** Whether the service has an active price rule (its `price_from` is set). */
  priceable: boolean;
}

export interface ServicePricePreviewContext {
  serviceId: string;
  date: string | null;
  /** Counts per customer type, as typed. */
  participants: Record<string, string>;
  coupon: string;
  priceable: boolean;
}

export type ServicePricePreviewEvent =
  | { type: 'date.changed'; date: string | null }
  | { type: 'participants.changed'; participants: Record<string, string> }
  | { type: 'coupon.changed'; coupon: string }
  | { type: 'priceable.changed'; priceable: boolean }
  | { type: 'refresh' }
  | { type: 'retry' };

/**
 * The pricing request of the form, or null while it cannot be priced (no price rule on
 * the service, no day, no one, a count that is not one).
 */
export function previewRequest(context: ServicePricePreviewContext): Record<string, unknown> | null {
  if (!context.priceable) return null;
  const counts = Object.entries(context.participants).map(([type, typed]) => [type, typed.trim() === '' ? 0 : Number(typed)] as const);
  const valid = !!context.date && counts.every(([, n]) => Number.isInteger(n) && n >= 0) && counts.some(([, n]) => n > 0);
  if (!valid) return null;
  const coupon = context.coupon.trim();
  return {
    service_id: context.serviceId,
    starts_at: algeriaInstant(context.date!, '12:00'),
    participants: Object.fromEntries(counts.filter(([, n]) => n > 0)),
    ...(coupon ? { coupon_code: coupon } : {}),
  };
}

export const servicePricePreviewMachine = setup({
  types: {
    input: {} as ServicePricePreviewInput,
    context: {} as ServicePricePreviewContext,
    events: {} as ServicePricePreviewEvent,
  },
  actors: {
    pricePreview: pricePreviewMachine,
  },
  actions: {
    assignDate: assign((_, date: string | null) => ({ date })),
    assignParticipants: assign((_, participants: Record<string, string>) => ({ participants })),
    assignCoupon: assign((_, coupon: string) => ({ coupon })),
    assignPriceable: assign((_, priceable: boolean) => ({ priceable })),
    askPrice: sendTo('preview', ({ context }) => ({ type: 'request.changed' as const, request: previewRequest(context) })),
    askAgain: sendTo('preview', { type: 'refresh' as const }),
    retry: sendTo('preview', { type: 'retry' as const }),
  },
}).createMachine({
  id: 'servicePricePreview',
  description: 'A service’s price for a day, participants and a coupon, asked of the server as they change.',
  context: ({ input }) => ({ serviceId: input.serviceId, date: input.date, participants: { adult: '2' }, coupon: '', priceable: input.priceable }),
  // Quotes from the booking preview's named read: the price a booking would get.
  invoke: { id: 'preview', src: 'pricePreview', input: { read: 'bookingQuote' } },
  initial: 'pricing',
  states: {
    pricing: {
      entry: 'askPrice',
      on: {
        'date.changed': { actions: [{ type: 'assignDate', params: ({ event }) => event.date }, 'askPrice'] },
        'participants.changed': { actions: [{ type: 'assignParticipants', params: ({ event }) => event.participants }, 'askPrice'] },
        'coupon.changed': { actions: [{ type: 'assignCoupon', params: ({ event }) => event.coupon }, 'askPrice'] },
        'priceable.changed': { actions: [{ type: 'assignPriceable', params: ({ event }) => event.priceable }, 'askPrice'] },
        refresh: { actions: 'askAgain' },
        retry: { actions: 'retry' },
      },
    },
  },
});

export type ServicePricePreviewActor = ActorRefFrom<typeof servicePricePreviewMachine>;
export type PricePreviewChild = ActorRefFrom<typeof pricePreviewMachine>;
