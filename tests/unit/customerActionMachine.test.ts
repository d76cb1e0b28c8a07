/**
 * A customer's actions that need words (block, unblock, message): nothing is sent without
 * them, the server's refusal at the field stays beside what was typed, another refusal
 * shows above it, and what was sent is trimmed and carries the record's version.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CustomerActionInput } from '../../src/machines/customers/customerAction.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../src/api/client.ts');
const { customerActionMachine } = await import('../../src/machines/customers/customerAction.ts');

function start(kind: CustomerActionInput['kind'], answer: () => Error | null) {
  const sent: (CustomerActionInput & { text: string })[] = [];
  const machine = customerActionMachine.provide({
    actors: {
      send: fromPromise<unknown, CustomerActionInput & { text: string }>(async ({ input }) => {
        sent.push(input);
        const error = answer();
        if (error) throw error;
        return {};
      }),
    },
  });
  return { actor: createActor(machine, { input: { kind, id: 'c1', version: 3 } }).start(), sent };
}

test('no reason, no request', () => {
  const { actor, sent } = start('block', () => null);
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.errors, { text: ['customers.block.reasonRequired'] });
  actor.send({ type: 'text', value: '   ' });
  actor.send({ type: 'submit' });
  assert.equal(sent.length, 0);
  assert.ok(actor.getSnapshot().matches('editing'));
});

test("the server's words at the field keep what was typed; a stale version shows above it", async () => {
  let error: Error | null = new ApiRequestError(400, 'Invalid input', {}, { reason: ['Give the reason for blocking this customer.'] });
  const { actor, sent } = start('block', () => error);
  actor.send({ type: 'text', value: '  Three no-shows ' });
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(actor.getSnapshot().context.errors, { text: ['Give the reason for blocking this customer.'] });
  assert.equal(actor.getSnapshot().context.text, '  Three no-shows ');
  assert.deepEqual(sent[0], { kind: 'block', id: 'c1', version: 3, text: 'Three no-shows' });

  error = new ApiRequestError(409, 'This record was changed by someone else since you loaded it.', {});
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('editing') && s.context.errors.form !== undefined);
  assert.deepEqual(actor.getSnapshot().context.errors, { form: ['This record was changed by someone else since you loaded it.'] });

  error = null;
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('done'));
});

test('a message is required too, with its own words', () => {
  const { actor } = start('message', () => null);
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.errors, { text: ['customers.message.required'] });
});
