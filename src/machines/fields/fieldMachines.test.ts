/**
 * The fields' own state: a number's text kept as typed (reformatted only on leaving, its
 * failure said only once the field is left or Enter pressed), and a tags field's input
 * (cleared once its words are taken) with what screen readers were last told.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor } from 'xstate';
import { tagEntryMachine } from './tagEntry.ts';
import { typedNumberMachine } from './typedNumber.ts';

test('number: the text stays as typed, is reformatted on leaving, and follows a value set from outside', () => {
  const actor = createActor(typedNumberMachine, { input: { text: '1 200' } }).start();
  actor.send({ type: 'typed', text: '1200,5' });
  assert.equal(actor.getSnapshot().context.text, '1200,5');
  actor.send({ type: 'left', text: '1 200,50' });
  assert.equal(actor.getSnapshot().context.text, '1 200,50');
  actor.send({ type: 'value.changed', text: '900' });
  assert.equal(actor.getSnapshot().context.text, '900');
});

test('number: a failure is quiet while typing the first time, and said from leaving or Enter on', () => {
  const typing = createActor(typedNumberMachine, { input: { text: '' } }).start();
  typing.send({ type: 'typed', text: '12x' });
  assert.ok(typing.getSnapshot().matches('quiet'));
  typing.send({ type: 'left' });
  assert.ok(typing.getSnapshot().matches('shown'));
  assert.equal(typing.getSnapshot().context.text, '12x', 'a text that does not parse is left as it is');
  typing.send({ type: 'typed', text: '12' });
  assert.ok(typing.getSnapshot().matches('shown'), 'and follows the text live');

  const entering = createActor(typedNumberMachine, { input: { text: '' } }).start();
  entering.send({ type: 'typed', text: 'abc' });
  entering.send({ type: 'entered' });
  assert.ok(entering.getSnapshot().matches('shown'));
});

test('tags: the input clears once its words are taken; what was said stays until something else is', () => {
  const actor = createActor(tagEntryMachine).start();
  actor.send({ type: 'typed', text: 'desert' });
  assert.equal(actor.getSnapshot().context.text, 'desert');
  actor.send({ type: 'committed', said: 'desert added.' });
  assert.deepEqual(actor.getSnapshot().context, { text: '', announcement: 'desert added.' });
  actor.send({ type: 'typed', text: ' ' });
  actor.send({ type: 'committed', said: null });
  assert.deepEqual(actor.getSnapshot().context, { text: '', announcement: 'desert added.' }, 'nothing new to say');
  actor.send({ type: 'removed', said: 'desert removed.' });
  assert.equal(actor.getSnapshot().context.announcement, 'desert removed.');
});
