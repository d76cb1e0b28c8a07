/**
 * The command machine behind every one-shot form: checks before sending, the server's
 * refusal at its fields or above the form, nothing typed lost, and the answer kept.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CommandName } from '../../api/commands.ts';
import { commandMachine, type Values } from './command.ts';

const httpError = (status: number, detail: string, fieldErrors: Record<string, string[]> = {}) => Object.assign(new Error(detail), { status, detail, fieldErrors });

function startCommand(answer: (input: Values) => Promise<unknown>) {
  const sent: Values[] = [];
  const machine = commandMachine.provide({
    actors: {
      runCommand: fromPromise<unknown, { command: CommandName; input: Values }>(({ input }) => {
        sent.push(input.input);
        return answer(input.input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      command: 'reconcilePayment',
      values: { note: '' },
      fixed: { id: 'p1', version: 3, reconciled: true },
      limits: { note: { type: 'string', required: true, maxLength: 20 } },
      requiredMessages: { note: 'payments.reconcile.noteRequired' },
    },
  }).start();
  return { actor, sent };
}

test('a required field left empty, or too long, is refused before anything is sent, in the words the form chose', () => {
  const { actor, sent } = startCommand(async () => ({}));
  actor.send({ type: 'field.changed', name: 'note', value: '   ' });
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, { note: ['payments.reconcile.noteRequired'] });
  actor.send({ type: 'field.changed', name: 'note', value: 'x'.repeat(21) });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, {}, 'typing clears the field’s errors');
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, { note: ['validation.tooLong'] });
  assert.ok(actor.getSnapshot().matches('editing'));
  assert.equal(sent.length, 0);
});

test('the server’s refusal shows at its field or above the form, and what was typed stays', async () => {
  let answer: () => Promise<unknown> = async () => {
    throw httpError(409, 'This record was changed by someone else since you loaded it.');
  };
  const { actor, sent } = startCommand(() => answer());
  actor.send({ type: 'field.changed', name: 'note', value: 'Seen on statement' });
  actor.send({ type: 'submit' });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  const refused = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
  assert.deepEqual(sent, [{ note: 'Seen on statement', id: 'p1', version: 3, reconciled: true }], 'the fixed parts go with the values');
  assert.equal(refused.context.error, 'This record was changed by someone else since you loaded it.');
  assert.equal(refused.context.values.note, 'Seen on statement');

  answer = async () => {
    throw httpError(400, 'Invalid body', { note: ['Say which statement.'] });
  };
  actor.send({ type: 'submit' });
  const atField = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
  assert.deepEqual(atField.context.fieldErrors, { note: ['Say which statement.'] });
  assert.equal(atField.context.error, null, 'a refusal at a field is not repeated above the form');

  answer = async () => ({ id: 'p1', version: 4, reconciled: true });
  actor.send({ type: 'field.changed', name: 'note', value: 'Statement of 3 March' });
  actor.send({ type: 'submit' });
  const done = await waitFor(actor, (s) => s.matches('done'));
  assert.deepEqual(done.context.result, { id: 'p1', version: 4, reconciled: true });
  actor.send({ type: 'again' });
  assert.ok(actor.getSnapshot().matches('editing'));
  assert.deepEqual(actor.getSnapshot().context.values, { note: '' }, 'another one starts from the form’s first values');
});
