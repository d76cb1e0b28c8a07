/**
 * Page transitions and page errors (DESIGN section 4, "Navigation and pages"). Two
 * orthogonal regions:
 *
 * - `bar`, the progress bar: invisible for the first 200 ms of a navigation, then
 *   advancing toward 90 % for at most 5 s, full when the page is ready, red when a
 *   request fails, hidden 500 ms after either;
 * - `page`, what the outlet shows: the new page's content as soon as its code and data
 *   are ready when that takes less than 200 ms (no loading state at all); otherwise the
 *   loading state from 200 ms on, kept at least 200 ms so it does not flash; the error
 *   page after a page error until the next navigation, and a reload (at most once per
 *   60 s) after a chunk failed to load.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export interface PageError {
  message: string;
  status: number;
}

export interface NavigationInput {
  /** The path shown at start. */
  path?: string;
}

export interface NavigationContext {
  /** The path of the current (or pending) navigation. */
  path: string;
  /** 0..1 */
  progress: number;
  barFailed: boolean;
  pageError: PageError | null;
}

export type NavigationEvent =
  | { type: 'nav.start'; path: string }
  | { type: 'page.ready' }
  | { type: 'request.failed' }
  | { type: 'page.error'; error: { message: string; status?: number } }
  | { type: 'chunk.failed' };

/** sessionStorage key of the last reload after a chunk failed to load (epoch ms). */
export const CHUNK_RELOAD_KEY = 'rihla.chunk-reload';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
export const CHUNK_ERROR_MESSAGE = 'chunk';
/** The bar creeps toward this and only the page being ready fills it. */
export const PROGRESS_CEILING = 0.9;
const PROGRESS_STEP = 0.1;

export const NAVIGATION_DELAYS = {
  /** The bar shows only when a navigation takes longer than this. */
  progressThrottle: 200,
  /** One step of the bar. */
  progressTick: 100,
  /** After this the bar stops advancing. */
  progressDuration: 5_000,
  /** A full or red bar stays this long. */
  hideAfter: 500,
  /** Nothing shows for this long after a navigation starts: a page ready by then shows at once. */
  loadingDelay: 200,
  /** Once the loading state shows, it stays at least this long, so it does not flash. */
  minimumLoading: 200,
} as const;

/** One tick: a tenth of the way left to the ceiling (about 0.89 after 5 s of 100 ms ticks). */
export function nextProgress(progress: number): number {
  return progress + (PROGRESS_CEILING - progress) * PROGRESS_STEP;
}

/**
 * Whether a chunk failure may reload the page, given the stamp of the last such reload:
 * yes without a (valid) stamp, or once 60 s have passed since it.
 */
export function chunkReloadAllowed(stamp: string | null, now: number): boolean {
  if (stamp === null) return true;
  const last = Number(stamp);
  if (!Number.isFinite(last) || last > now) return true;
  return now - last >= CHUNK_RELOAD_WINDOW_MS;
}

function readChunkReloadStamp(): string | null | undefined {
  try {
    return globalThis.sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    return undefined;
  }
}

export const navigationMachine = setup({
  types: {
    // `void` keeps the input optional: `createActor(navigationMachine)` needs none.
    input: {} as NavigationInput | void,
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
  },
  actions: {
    assignNavigation: assign({
      path: ({ context, event }) => (event.type === 'nav.start' ? event.path : context.path),
      pageError: null,
    }),
    resetProgress: assign({ progress: 0, barFailed: false }),
    advanceProgress: assign({ progress: ({ context }) => nextProgress(context.progress) }),
    completeProgress: assign({ progress: 1 }),
    failProgress: assign({ progress: 1, barFailed: true }),
    assignPageError: assign({
      pageError: ({ context, event }) =>
        event.type === 'page.error'
          ? {
              message: event.error.message,
              status:
                typeof event.error.status === 'number' && event.error.status >= 400 && event.error.status <= 599
                  ? event.error.status
                  : 500,
            }
          : context.pageError,
    }),
    assignChunkError: assign({ pageError: { message: CHUNK_ERROR_MESSAGE, status: 500 } }),
    stampChunkReload: () => {
      try {
        globalThis.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
      } catch {
        // canReloadForChunk refuses without a readable storage, so no reload loop.
      }
    },
    reloadPage: () => globalThis.location.reload(),
  },
  guards: {
    // Without a working sessionStorage (undefined) there is no stamp to stop a reload
    // loop, so no reload.
    canReloadForChunk: () => {
      const stamp = readChunkReloadStamp();
      return stamp !== undefined && chunkReloadAllowed(stamp, Date.now());
    },
  },
  delays: NAVIGATION_DELAYS,
}).createMachine({
  id: 'navigation',
  description: 'Page transitions: the progress bar and what the page outlet shows.',
  type: 'parallel',
  context: ({ input }) => ({
    path: (input as NavigationInput | undefined)?.path ?? '',
    progress: 0,
    barFailed: false,
    pageError: null,
  }),
  states: {
    bar: {
      description: 'The progress bar at the top of the page.',
      initial: 'hidden',
      states: {
        hidden: {
          entry: 'resetProgress',
          on: {
            'nav.start': 'running',
            'request.failed': 'failed',
          },
        },
        running: {
          description: 'A navigation is under way.',
          entry: 'resetProgress',
          initial: 'throttled',
          after: { progressDuration: '.stalled' },
          states: {
            throttled: {
              description: 'Invisible for the first 200 ms, so quick navigations do not flicker.',
              after: { progressThrottle: { target: 'advancing', actions: 'advanceProgress' } },
              on: { 'page.ready': '#navigation.bar.hidden' },
            },
            advancing: {
              description: 'Visible, creeping toward 90 % one tick at a time.',
              after: { progressTick: { target: 'advancing', reenter: true, actions: 'advanceProgress' } },
            },
            stalled: {
              description: 'The 5 s progress duration is over: the bar holds until the page is ready or fails.',
            },
          },
          on: {
            'page.ready': 'completing',
            'request.failed': 'failed',
            'page.error': 'failed',
            'chunk.failed': 'failed',
          },
        },
        completing: {
          description: 'Full, then hidden 500 ms later.',
          entry: 'completeProgress',
          after: { hideAfter: 'hidden' },
          on: {
            'nav.start': 'running',
            'request.failed': 'failed',
          },
        },
        failed: {
          description: 'Full and red (a request failed), then hidden 500 ms later.',
          entry: 'failProgress',
          after: { hideAfter: 'hidden' },
          on: {
            'nav.start': 'running',
          },
        },
      },
    },
    page: {
      description: 'What the page outlet shows.',
      initial: 'shown',
      states: {
        shown: {
          description: 'The current page\'s content renders.',
          on: {
            'nav.start': { target: 'pending', actions: 'assignNavigation' },
            'page.error': { target: 'error', actions: 'assignPageError' },
            'chunk.failed': [
              { guard: 'canReloadForChunk', target: 'reloading' },
              { target: 'error', actions: 'assignChunkError' },
            ],
          },
        },
        pending: {
          description: "A navigation is under way; the new page's content does not render until its code and data are ready.",
          initial: 'quiet',
          states: {
            quiet: {
              description:
                'The first 200 ms: nothing shows yet. A page ready within them shows at once, with no loading state at all.',
              after: { loadingDelay: 'loading' },
              on: { 'page.ready': '#navigation.page.shown' },
            },
            loading: {
              description:
                'Not ready within 200 ms: the loading state shows, and stays at least 200 ms (so it does not flash) even when the page gets ready sooner.',
              type: 'parallel',
              states: {
                minimum: {
                  description: 'The minimum time the loading state shows.',
                  initial: 'running',
                  states: {
                    running: { after: { minimumLoading: 'elapsed' } },
                    elapsed: { type: 'final' },
                  },
                },
                data: {
                  description: "The new page's code and data.",
                  initial: 'loading',
                  states: {
                    loading: { on: { 'page.ready': 'ready' } },
                    ready: { type: 'final' },
                  },
                },
              },
              onDone: '#navigation.page.shown',
            },
          },
          on: {
            'nav.start': { target: 'pending', reenter: true, actions: 'assignNavigation' },
            'page.error': { target: 'error', actions: 'assignPageError' },
            'chunk.failed': [
              { guard: 'canReloadForChunk', target: 'reloading' },
              { target: 'error', actions: 'assignChunkError' },
            ],
          },
        },
        error: {
          description: 'The error page shows pageError (message and status) until the next navigation.',
          on: {
            'nav.start': { target: 'pending', actions: 'assignNavigation' },
            'page.error': { target: 'error', actions: 'assignPageError' },
            'chunk.failed': [
              { guard: 'canReloadForChunk', target: 'reloading' },
              { target: 'error', actions: 'assignChunkError' },
            ],
          },
        },
        reloading: {
          description:
            'A chunk failed to load: the page reloads (at most once per 60 s, stamped in sessionStorage). Nothing else happens here.',
          entry: ['stampChunkReload', 'reloadPage'],
        },
      },
    },
  },
});

export type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;

export interface ProgressBarView {
  visible: boolean;
  progress: number;
  failed: boolean;
}

/** Compare with `shallowEqual` (it returns a new object). */
export function selectProgressBar(snapshot: NavigationSnapshot): ProgressBarView {
  const visible =
    snapshot.matches({ bar: { running: 'advancing' } }) ||
    snapshot.matches({ bar: { running: 'stalled' } }) ||
    snapshot.matches({ bar: 'completing' }) ||
    snapshot.matches({ bar: 'failed' });
  return { visible, progress: snapshot.context.progress, failed: snapshot.context.barFailed };
}

export function selectPageError(snapshot: NavigationSnapshot): PageError | null {
  return snapshot.matches({ page: 'error' }) ? snapshot.context.pageError : null;
}

/** Whether the outlet may render the current route's content (not pending, no error page, no reload). */
export function selectPageContentReady(snapshot: NavigationSnapshot): boolean {
  return snapshot.matches({ page: 'shown' });
}

export function selectPagePending(snapshot: NavigationSnapshot): boolean {
  return snapshot.matches({ page: 'pending' });
}

/** Whether the outlet shows the loading state (a navigation not ready within 200 ms). */
export function selectPageLoading(snapshot: NavigationSnapshot): boolean {
  return snapshot.matches({ page: { pending: 'loading' } });
}
