/**
 * `?inspect` in the URL of a dev build connects the Stately inspector to the root actors
 * (DESIGN section 3). Production builds never load it: `__DEV__` is false there and the
 * bundler drops the dynamic import.
 *
 * Root actors are created synchronously at module level, but the inspector package is
 * loaded with a dynamic import. So `createInspector()` returns at once an observer that
 * buffers inspection events (up to MAX_BUFFERED) and replays them, in order, to the real
 * inspector as soon as it has loaded; from then on it forwards directly.
 *
 * Tokens never reach the inspector window: every event, context (including a machine
 * definition's static context), input and output is copied with the values of keys like
 * token/password/secret replaced by '[redacted]'.
 */
import type { InspectionEvent, Observer } from 'xstate';

export const REDACTED = '[redacted]';
const SECRET_KEY = /token|password|secret|authorization/i;
const MAX_DEPTH = 12;
export const MAX_BUFFERED = 2_000;

/**
 * A JSON-safe copy of `value` with secrets redacted: cycles, actor references, functions
 * and DOM nodes become short placeholders, and anything deeper than MAX_DEPTH is cut.
 */
export function redactSecrets(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') return undefined;
    if (typeof value === 'bigint') return value.toString();
    return value;
  }
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[deep]';
  if (typeof (value as { sessionId?: unknown }).sessionId === 'string' && typeof (value as { send?: unknown }).send === 'function') {
    return `[actor ${String((value as { id?: unknown }).id ?? (value as { sessionId: string }).sessionId)}]`;
  }
  if (typeof Node !== 'undefined' && value instanceof Node) return `[${value.nodeName}]`;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1, seen) ?? null);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) copy[key] = REDACTED;
      else {
        const redacted = redactSecrets(item, depth + 1, seen);
        if (redacted !== undefined) copy[key] = redacted;
      }
    }
    return copy;
  } finally {
    seen.delete(value);
  }
}

/** The parts of a snapshot the inspector shows (not the machine object a snapshot carries). */
const SNAPSHOT_FIELDS = ['status', 'value', 'context', 'output', 'error', 'input', 'children', 'tags'];

/** A machine definition (JSON text) with the secrets of its static context redacted. */
function redactDefinition(definition: string): string {
  try {
    const parsed = JSON.parse(definition) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && 'context' in parsed) parsed.context = redactSecrets(parsed.context);
    return JSON.stringify(parsed);
  } catch {
    return definition;
  }
}

/**
 * Redacts one event on its way to the inspector window. State values and the shape of
 * the machine stay as they are (a state may well be called `refreshingToken`).
 */
export function redactInspectionEvent<T extends object>(event: T): T {
  const { snapshot, definition, ...rest } = event as Record<string, unknown>;
  const copy = redactSecrets(rest) as Record<string, unknown>;
  if (typeof definition === 'string') copy.definition = redactDefinition(definition);
  if (snapshot && typeof snapshot === 'object') {
    const source = snapshot as Record<string, unknown>;
    const kept: Record<string, unknown> = {};
    for (const field of SNAPSHOT_FIELDS) if (field in source && field !== 'value') kept[field] = source[field];
    const snapshotCopy = redactSecrets(kept) as Record<string, unknown>;
    if (source.value !== undefined) snapshotCopy.value = source.value;
    copy.snapshot = snapshotCopy;
  }
  return copy as T;
}

/** A buffering observer in front of an inspector that is still loading. */
export function createDeferredInspector(): {
  inspect: Observer<InspectionEvent>;
  connect(target: Observer<InspectionEvent>): void;
} {
  let buffer: InspectionEvent[] | null = [];
  let target: Observer<InspectionEvent> | null = null;
  return {
    inspect: {
      next(event) {
        if (target) target.next?.(event);
        else if (buffer) {
          buffer.push(event);
          if (buffer.length > MAX_BUFFERED) buffer.shift();
        }
      },
    },
    connect(next) {
      target = next;
      const pending = buffer ?? [];
      buffer = null;
      for (const event of pending) next.next?.(event);
    },
  };
}

/**
 * The inspector for `createActor(machine, { inspect })`, or undefined (production builds,
 * or no `?inspect` in the URL). The browser may block the inspector's popup window the
 * first time: allow popups for the site and reload.
 */
export function createInspector(): { inspect: Observer<InspectionEvent> } | undefined {
  // Everything sits inside `if (__DEV__)` so production bundles drop the import entirely.
  if (__DEV__) {
    if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
    const deferred = createDeferredInspector();
    import('@statelyai/inspect')
      .then(({ createBrowserInspector }) => {
        const inspector = createBrowserInspector({
          serialize: (event) => redactInspectionEvent(event),
          // Events wait in the package until the inspector window says it is connected.
          maxDeferredEvents: MAX_BUFFERED,
        });
        deferred.connect(inspector.inspect);
      })
      .catch((error: unknown) => console.warn('The Stately inspector could not be loaded', error));
    return { inspect: deferred.inspect };
  }
  return undefined;
}
