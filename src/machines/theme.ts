/**
 * The colour theme: light, dark or system (DESIGN section 4, "Theme"). One state per
 * preference so the visualizer shows them; in `system` a callback actor follows
 * `prefers-color-scheme` live. The boot script has already applied the theme before first
 * paint; this machine keeps it applied and stores changes.
 */
import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import {
  DARK_SCHEME_QUERY,
  applyResolvedTheme,
  isColorMode,
  resolveColorMode,
  storeColorMode,
  type ColorMode,
  type ResolvedTheme,
} from '../app/colorMode.ts';

export type { ColorMode, ResolvedTheme };

export interface ThemeInput {
  preference: ColorMode;
  systemDark: boolean;
}

export interface ThemeContext {
  preference: ColorMode;
  systemDark: boolean;
}

export type ThemeEvent =
  | { type: 'theme.set'; preference: ColorMode }
  | { type: 'system.changed'; dark: boolean };

export function resolveTheme(context: ThemeContext): ResolvedTheme {
  return resolveColorMode(context.preference, context.systemDark);
}

/** The part of a MediaQueryList the watcher uses (tests pass a fake). */
export interface SchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
  removeEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
}

/**
 * The `watchSystemScheme` actor, over a given media query. It reports the current value
 * as soon as it starts (the system may have changed while the preference was not
 * `system`), then every change, and stops listening when the state is left.
 */
export function createSchemeWatcher(getQuery: () => SchemeQuery | undefined) {
  return fromCallback<ThemeEvent>(({ sendBack }) => {
    const query = getQuery();
    if (!query) return undefined;
    const listener = (event: { matches: boolean }) => sendBack({ type: 'system.changed', dark: event.matches });
    sendBack({ type: 'system.changed', dark: query.matches });
    query.addEventListener('change', listener);
    return () => query.removeEventListener('change', listener);
  });
}

export const themeMachine = setup({
  types: {
    input: {} as ThemeInput,
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
  },
  actions: {
    assignPreference: assign({
      preference: ({ context, event }) => (event.type === 'theme.set' ? event.preference : context.preference),
    }),
    assignSystemDark: assign({
      systemDark: ({ context, event }) => (event.type === 'system.changed' ? event.dark : context.systemDark),
    }),
    persistPreference: ({ context }) => storeColorMode(context.preference),
    applyTheme: ({ context }) => applyResolvedTheme(resolveTheme(context)),
  },
  guards: {
    prefersLight: ({ context }) => context.preference === 'light',
    prefersDark: ({ context }) => context.preference === 'dark',
    setsLight: ({ event }) => event.type === 'theme.set' && event.preference === 'light',
    setsDark: ({ event }) => event.type === 'theme.set' && event.preference === 'dark',
    setsSystem: ({ event }) => event.type === 'theme.set' && event.preference === 'system',
  },
  actors: {
    watchSystemScheme: createSchemeWatcher(() =>
      typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_SCHEME_QUERY) : undefined,
    ),
  },
}).createMachine({
  id: 'theme',
  description: 'The colour theme: a stored preference (light, dark or system) applied to <html>.',
  context: ({ input }) => ({
    preference: isColorMode(input?.preference) ? input.preference : 'system',
    systemDark: input?.systemDark === true,
  }),
  initial: 'initializing',
  states: {
    initializing: {
      description: 'Transient: enters the state of the preference read at start.',
      always: [
        { guard: 'prefersLight', target: 'light' },
        { guard: 'prefersDark', target: 'dark' },
        { target: 'system' },
      ],
    },
    light: {
      entry: 'applyTheme',
    },
    dark: {
      entry: 'applyTheme',
    },
    system: {
      description: 'Follows prefers-color-scheme live: the watcher reports the current value, then every change.',
      entry: 'applyTheme',
      invoke: { id: 'watchSystemScheme', src: 'watchSystemScheme' },
      on: {
        'system.changed': { actions: ['assignSystemDark', 'applyTheme'] },
      },
    },
  },
  on: {
    'theme.set': [
      { guard: 'setsLight', target: '.light', actions: ['assignPreference', 'persistPreference'] },
      { guard: 'setsDark', target: '.dark', actions: ['assignPreference', 'persistPreference'] },
      { guard: 'setsSystem', target: '.system', actions: ['assignPreference', 'persistPreference'] },
    ],
    'system.changed': { actions: 'assignSystemDark' },
  },
});

export type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const selectColorMode = (snapshot: { context: ThemeContext }): ColorMode => snapshot.context.preference;
export const selectResolvedTheme = (snapshot: { context: ThemeContext }): ResolvedTheme => resolveTheme(snapshot.context);
