/**
 * The sign-in form: nothing said of the fields before the first attempt, then each error
 * follows what is typed; only a form that passes hands the credentials (the email trimmed)
 * to the session machine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginFormMachine, loginErrors, type LoginFormEmitted } from './loginForm.ts';

function start() {
  const actor = createActor(loginFormMachine).start();
  const signedIn: LoginFormEmitted[] = [];
  actor.on('signIn', (event) => signedIn.push(event));
  return { actor, signedIn };
}

test('the email must look like one and a password be given', () => {
  assert.deepEqual(loginErrors('', ''), { email: 'login.error.emailRequired', password: 'login.error.passwordRequired' });
  assert.deepEqual(loginErrors('amina@', 'x'), { email: 'login.error.emailInvalid' });
  assert.deepEqual(loginErrors(' amina@rihla.test ', 'x'), {});
});

test('errors show from the first attempt on and then follow what is typed; nothing is sent meanwhile', () => {
  const { actor, signedIn } = start();
  actor.send({ type: 'email.changed', value: 'amina' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, {}, 'nothing said while typing the first time');
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, { email: 'login.error.emailInvalid', password: 'login.error.passwordRequired' });
  actor.send({ type: 'password.changed', value: 'secret' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, { email: 'login.error.emailInvalid' }, 'a fixed field clears at once');
  actor.send({ type: 'email.changed', value: 'amina@rihla.test' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, {});
  assert.deepEqual(signedIn, []);
});

test('a form that passes signs in with the email trimmed, and keeps what was typed for another try', () => {
  const { actor, signedIn } = start();
  actor.send({ type: 'email.changed', value: '  amina@rihla.test ' });
  actor.send({ type: 'password.changed', value: ' pass word ' });
  actor.send({ type: 'submit' });
  assert.deepEqual(signedIn, [{ type: 'signIn', email: 'amina@rihla.test', password: ' pass word ' }]);
  assert.equal(actor.getSnapshot().context.password, ' pass word ', 'a refused sign-in can be sent again as it is');
  actor.send({ type: 'submit' });
  assert.equal(signedIn.length, 2);
});

test('forgot password: an email that is not one is not sent; any other is, and a refusal comes back to the form', async () => {
  const { forgotPasswordFormMachine } = await import('./forgotPasswordForm.ts');
  const { AuthFailure } = await import('../../api/auth.ts');
  const asked: { email: string; lang: string }[] = [];
  let refuse = true;
  const machine = forgotPasswordFormMachine.provide({
    actors: {
      requestReset: fromPromise<void, { email: string; lang: 'en' | 'fr' | 'ar' }>(async ({ input }) => {
        asked.push(input);
        if (refuse) throw new AuthFailure('rate_limited', 'Too many', 60);
      }),
    },
  });
  const actor = createActor(machine, { input: { lang: 'ar' } }).start();
  actor.send({ type: 'email.changed', value: 'amina@' });
  actor.send({ type: 'submit' });
  assert.equal(actor.getSnapshot().context.emailError, 'login.error.emailInvalid');
  assert.equal(asked.length, 0);

  actor.send({ type: 'email.changed', value: ' amina@example.test ' });
  assert.equal(actor.getSnapshot().context.emailError, null);
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('editing') && s.context.problem !== null);
  assert.deepEqual(asked, [{ email: 'amina@example.test', lang: 'ar' }]);
  assert.equal(actor.getSnapshot().context.problem?.reason, 'rate_limited');

  refuse = false;
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('sent'));
  assert.equal(actor.getSnapshot().context.problem, null);
});
