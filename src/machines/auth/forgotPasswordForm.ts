/**
 * "Forgot your password?": the email typed, checked like the sign-in form's, then sent
 * to ask for a reset link. The server's answer never says whether the address has an
 * account, so `sent` is the same for every address; only a refusal (too many requests)
 * or a failure to reach the server comes back to the form.
 */
import { assign, fromPromise, setup } from 'xstate';
import { AuthFailure, requestPasswordReset } from '../../api/auth.ts';
import { loginErrors } from './loginForm.ts';

export type ForgotPasswordProblem = { reason: 'rate_limited'; retryAt: number | null } | { reason: 'network' | 'server' | 'invalid_input' };

export interface ForgotPasswordContext {
  email: string;
  lang: 'en' | 'fr' | 'ar';
  /** The message id of the email's problem, once tried. */
  emailError: string | null;
  problem: ForgotPasswordProblem | null;
}

export type ForgotPasswordEvent = { type: 'email.changed'; value: string } | { type: 'submit' } | { type: 'again' };

const emailError = (email: string) => loginErrors(email, 'x').email ?? null;

export const forgotPasswordFormMachine = setup({
  types: {
    input: {} as { lang: 'en' | 'fr' | 'ar' },
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<void, { email: string; lang: 'en' | 'fr' | 'ar' }>(({ input }) => requestPasswordReset(input.email, input.lang)),
  },
  actions: {
    assignEmail: assign((_, email: string) => ({ email })),
    check: assign(({ context }) => ({ emailError: emailError(context.email) })),
    clearProblem: assign({ problem: null }),
    assignProblem: assign((_, error: unknown) => ({
      problem:
        error instanceof AuthFailure && error.reason === 'rate_limited'
          ? { reason: 'rate_limited' as const, retryAt: error.retryAfterSeconds ? Date.now() + error.retryAfterSeconds * 1000 : null }
          : { reason: error instanceof AuthFailure && (error.reason === 'server' || error.reason === 'invalid_input') ? error.reason : ('network' as const) },
    })),
  },
  guards: {
    valid: ({ context }) => emailError(context.email) === null,
  },
}).createMachine({
  id: 'forgotPasswordForm',
  context: ({ input }) => ({ email: '', lang: input.lang, emailError: null, problem: null }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'untouched',
      on: {
        submit: [{ guard: 'valid', target: 'sending', actions: ['check', 'clearProblem'] }, { target: '.checked', actions: 'check' }],
      },
      states: {
        untouched: {
          description: 'Nothing is said of the email before the first attempt.',
          on: { 'email.changed': { actions: { type: 'assignEmail', params: ({ event }) => event.value } } },
        },
        checked: {
          description: 'Tried once: the email’s error follows what is typed.',
          on: { 'email.changed': { actions: [{ type: 'assignEmail', params: ({ event }) => event.value }, 'check'] } },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email.trim(), lang: context.lang }),
        onDone: { target: 'sent' },
        onError: { target: 'editing.checked', actions: { type: 'assignProblem', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    sent: {
      description: 'The same for every address: a link is on its way if the address has an account.',
      on: { again: { target: 'editing.checked' } },
    },
  },
});
