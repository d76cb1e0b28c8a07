/**
 * The time now, read again at a steady pace, for what says how long is left (the act-as
 * banner's minutes): the time shown moves on without a request or a render of its own.
 */
import { assign, setup } from 'xstate';

export const clockMachine = setup({
  types: {
    context: {} as { now: number },
  },
  actions: {
    readTime: assign({ now: () => Date.now() }),
  },
  delays: {
    /** How often the time is read again (what it feeds is shown in whole minutes). */
    tick: 15_000,
  },
}).createMachine({
  id: 'clock',
  context: () => ({ now: Date.now() }),
  initial: 'ticking',
  states: {
    ticking: {
      after: { tick: { target: 'ticking', reenter: true, actions: 'readTime' } },
    },
  },
});
