/**
 * The server's price of a form as it changes: each change waits for the typing to pause
 * (`previewDebounce`), then asks the server; a change while a request is under way
 * cancels it, so the latest request wins and an older answer never overwrites a newer
 * one. A refusal (400: an unknown coupon, a type without a price) keeps its field errors
 * for the form to show at those fields. The quote stays shown while the next one loads.
 *
 * The request is whatever body the pricing endpoint takes; null means the form cannot be
 * priced yet (no service, no participants), which clears the quote. The endpoint is a
 * named read (src/api/reads.ts) given the body beside its own arguments
 * (`{ read: 'comboQuote', args: { comboId } }`), or an address.
 */
import { assign, fromPromise, setup } from 'xstate';
import { runRead, type ReadName } from '../../api/reads.ts';
import { apiClient } from '../../api/apiClientHolder.ts';

export const PREVIEW_DEBOUNCE_MS = 350;

/** Where the form is priced: a named read that takes `{ ...args, body }`, or an address to post the body to. */
export type PricePreviewInput =
  | { read: ReadName; args?: Record<string, unknown>; url?: undefined }
  | {
      /** The pricing endpoint, e.g. `/branch/api/bookings/preview/`. */
      url: string;
      read?: undefined;
      args?: undefined;
    };

/** What prices one request. */
export interface QuoteInput {
  read?: ReadName;
  args?: Record<string, unknown>;
  url?: string;
  body: Record<string, unknown>;
}

export interface PricePreviewContext<Q = unknown> {
  /** The pricing read and its arguments besides the body, or the address. */
  read: ReadName | null;
  args: Record<string, unknown>;
  url: string | null;
  /** The body last asked for (or waiting to be). */
  request: Record<string, unknown> | null;
  quote: Q | null;
  /** The server's field errors for the request last priced. */
  errors: Record<string, string[]>;
  /** Why pricing failed other than a refusal (network, server); null otherwise. */
  failure: string | null;
}

/** What a failed request carries (the API client's error). */
interface Failure {
  status?: number;
  detail?: string;
  fieldErrors?: Record<string, string[]>;
}

export type PricePreviewEvent =
  | { type: 'request.changed'; request: Record<string, unknown> | null }
  | { type: 'retry' }
  /** What the price depends on changed elsewhere (a price rule saved): the same request is priced again. */
  | { type: 'refresh' };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const pricePreviewMachine = setup({
  types: {
    input: {} as PricePreviewInput,
    context: {} as PricePreviewContext,
    events: {} as PricePreviewEvent,
  },
  actors: {
    fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(({ input, signal }) =>
      input.read
        ? (runRead(input.read, { ...input.args, body: input.body } as never, signal) as Promise<Record<string, unknown>>)
        : apiClient().post(input.url!, input.body, { signal, quiet: true }),
    ),
  },
  actions: {
    assignRequest: assign((_, request: Record<string, unknown> | null) => ({ request })),
    assignQuote: assign((_, quote: Record<string, unknown>) => ({ quote, errors: {}, failure: null })),
    assignRefusal: assign((_, error: Failure) => ({ quote: null, errors: error.fieldErrors ?? {}, failure: null })),
    assignFailure: assign((_, error: Failure) => ({ failure: error.detail ?? 'failed' })),
    clearQuote: assign({ request: null, quote: null, errors: {}, failure: null }),
  },
  guards: {
    isCleared: ({ event }) => event.type === 'request.changed' && event.request === null,
    isSameRequest: ({ context, event }) => event.type === 'request.changed' && same(event.request, context.request),
    hasRequest: ({ context }) => context.request !== null,
    /** A 400 says what is wrong with the request; anything else is a failure to retry. */
    isRefusal: (_, error: Failure) => error.status === 400,
  },
  delays: {
    previewDebounce: PREVIEW_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'pricePreview',
  description: 'A form’s price from the server as the form changes: after a pause, the latest request winning.',
  context: ({ input }) => ({ read: input.read ?? null, args: input.args ?? {}, url: input.url ?? null, request: null, quote: null, errors: {}, failure: null }),
  initial: 'idle',
  on: {
    'request.changed': [
      { guard: 'isCleared', target: '.idle', actions: 'clearQuote' },
      { guard: 'isSameRequest' },
      { target: '.waiting', reenter: true, actions: { type: 'assignRequest', params: ({ event }) => event.request } },
    ],
    refresh: { guard: 'hasRequest', target: '.waiting', reenter: true },
  },
  states: {
    idle: { description: 'Nothing to price yet.' },
    waiting: {
      description: 'The form changed; pricing waits for the changes to pause.',
      tags: ['busy'],
      after: { previewDebounce: 'pricing' },
    },
    pricing: {
      tags: ['busy'],
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({ read: context.read ?? undefined, args: context.args, url: context.url ?? undefined, body: context.request! }),
        onDone: { target: 'priced', actions: { type: 'assignQuote', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isRefusal', params: ({ event }) => event.error as Failure }, target: 'refused', actions: { type: 'assignRefusal', params: ({ event }) => event.error as Failure } },
          { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => event.error as Failure } },
        ],
      },
    },
    priced: {},
    refused: { description: 'The server named the fields it cannot price.' },
    failed: { on: { retry: 'pricing' } },
  },
});
