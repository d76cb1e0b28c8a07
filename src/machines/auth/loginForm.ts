/**
 * The sign-in form: the email and password typed, checked in the browser before they go
 * (an email that looks like one, a password at all). Errors show from the first attempt
 * on and then follow what is typed. A form that passes hands the credentials to the
 * session machine (the `signIn` event emitted), which owns signing in and its refusals.
 */
import { assign, emit, setup } from 'xstate';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message id of each field's problem. */
export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

export interface LoginFormContext {
  email: string;
  password: string;
  fieldErrors: LoginFieldErrors;
}

export type LoginFormEvent =
  | { type: 'email.changed'; value: string }
  | { type: 'password.changed'; value: string }
  | { type: 'submit' };

export type LoginFormEmitted = { type: 'signIn'; email: string; password: string };

export function loginErrors(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!email.trim()) errors.email = 'login.error.emailRequired';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'login.error.emailInvalid';
  if (!password) errors.password = 'login.error.passwordRequired';
  return errors;
}

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    emitted: {} as LoginFormEmitted,
  },
  actions: {
    assignEmail: assign((_, email: string) => ({ email })),
    assignPassword: assign((_, password: string) => ({ password })),
    check: assign(({ context }) => ({ fieldErrors: loginErrors(context.email, context.password) })),
    signIn: emit(({ context }) => ({ type: 'signIn' as const, email: context.email.trim(), password: context.password })),
  },
  guards: {
    valid: ({ context }) => Object.keys(loginErrors(context.email, context.password)).length === 0,
  },
}).createMachine({
  id: 'loginForm',
  context: { email: '', password: '', fieldErrors: {} },
  initial: 'untouched',
  on: {
    submit: [{ guard: 'valid', target: '.checked', actions: ['check', 'signIn'] }, { target: '.checked', actions: 'check' }],
  },
  states: {
    untouched: {
      description: 'Nothing is said of the fields before the first attempt.',
      on: {
        'email.changed': { actions: { type: 'assignEmail', params: ({ event }) => event.value } },
        'password.changed': { actions: { type: 'assignPassword', params: ({ event }) => event.value } },
      },
    },
    checked: {
      description: 'Tried once: the fields’ errors follow what is typed.',
      on: {
        'email.changed': { actions: [{ type: 'assignEmail', params: ({ event }) => event.value }, 'check'] },
        'password.changed': { actions: [{ type: 'assignPassword', params: ({ event }) => event.value }, 'check'] },
      },
    },
  },
});
