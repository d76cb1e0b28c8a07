import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMachine, setup } from 'xstate';
import { definitionOf, eventLabel, findMachines, indexMarkdown, isMachine, toMermaid } from './machines.ts';

const sample = setup({
  guards: { isAllowed: () => true, isReady: () => true },
  delays: { retryDelay: 1000 },
  actors: { loader: createMachine({}) },
}).createMachine({
  id: 'sample',
  initial: 'boot',
  on: { reset: '.idle', ping: {} },
  states: {
    boot: { always: [{ guard: 'isReady', target: 'idle' }, { target: 'idle' }] },
    idle: { on: { go: { guard: 'isAllowed', target: 'work' }, stop: 'done' } },
    work: {
      type: 'parallel',
      states: {
        fetch: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'loader', src: 'loader', onDone: 'ok', onError: 'retrying' } },
            retrying: { after: { retryDelay: 'loading', 500: 'loading' } },
            ok: { type: 'final' },
          },
        },
        timer: { initial: 'on', states: { on: { on: { tick: 'on', halt: '#sample.idle' } } } },
      },
      onDone: 'idle',
    },
    done: { type: 'final' },
  },
});

describe('npm run machines', () => {
  it('recognises machines and nothing else', () => {
    assert.equal(isMachine(sample), true);
    for (const other of [null, {}, { config: {}, id: 'x' }, () => 1, 'machine']) assert.equal(isMachine(other), false);
  });

  it('labels events the way the diagrams explain them', () => {
    assert.equal(eventLabel(''), 'always');
    assert.equal(eventLabel('xstate.after.hideAfter.navigation.bar.completing', 'hideAfter'), 'after hideAfter');
    assert.equal(eventLabel('xstate.after.500.sample.work', 500), 'after 500ms');
    assert.equal(eventLabel('xstate.done.actor.loadMessages'), 'done loadMessages');
    assert.equal(eventLabel('xstate.error.actor.loadMessages'), 'error loadMessages');
    assert.equal(eventLabel('xstate.done.state.navigation.page.pending'), 'done');
    assert.equal(eventLabel('locale.set'), 'locale.set');
  });

  it('draws nested and parallel states, initial and final states, guards, timers and actors', () => {
    const lines = toMermaid(sample).split('\n').map((line) => line.trim());
    assert.equal(lines[0], 'stateDiagram-v2');
    const has = (line: string) => assert.ok(lines.includes(line), `missing: ${line}\n${lines.join('\n')}`);
    has('[*] --> sample_boot');
    has('sample_boot --> sample_idle : always [isReady], always');
    has('sample_idle --> sample_work : go [isAllowed]');
    has('sample_done --> [*]');
    has('state sample_work {');
    has('--');
    has('[*] --> sample_work_fetch_loading');
    has('sample_work_fetch_loading --> sample_work_fetch_ok : done loader');
    has('sample_work_fetch_loading --> sample_work_fetch_retrying : error loader');
    has('sample_work_fetch_retrying --> sample_work_fetch_loading : after 500ms, after retryDelay');
    has('sample_work_fetch_ok --> [*]');
    has('sample_work_timer_on --> sample_idle : halt');
    // A transition of the whole machine is drawn from each (non-transient) top-level state.
    has('sample_idle --> sample_idle : reset');
    has('sample_work --> sample_idle : reset, done');
    assert.ok(!lines.some((line) => line.startsWith('sample_boot --> sample_idle : reset')), 'not from the transient state');
    assert.ok(!lines.some((line) => line.startsWith('sample_done --> sample_idle')), 'not from the final state');
    has('note right of sample_idle : in every state ping (no state change)');
    // Every state is declared once.
    const declared = lines.filter((line) => /^state ".*" as /.test(line));
    assert.equal(declared.length, new Set(declared).size);
    assert.equal(declared.length, 10);
  });

  it('keeps the eventless transitions toJSON leaves out', () => {
    const json = definitionOf(sample) as { id: string; states: Record<string, { always?: Array<{ target: string[]; guard?: string }> }> };
    assert.equal(json.id, 'sample');
    assert.deepEqual(
      json.states.boot!.always!.map((t) => [t.target, t.guard]),
      [
        [['#sample.idle'], 'isReady'],
        [['#sample.idle'], undefined],
      ],
    );
  });

  it('finds every machine under src/machines and common/lifecycles once, by id', async () => {
    const found = await findMachines();
    const ids = found.map((f) => f.name);
    for (const id of ['theme', 'locale', 'navigation']) assert.ok(ids.includes(id), id);
    assert.equal(new Set(ids).size, ids.length, 'no machine twice');
    assert.equal(new Set(found.map((f) => f.machine)).size, found.length);
    const index = indexMarkdown(found);
    assert.ok(index.includes('| [navigation](#navigation) | `navigationMachine` in `src/machines/navigation.ts` |'));
    assert.ok(index.includes('| [booking](#booking) | `bookingLifecycle` in `common/lifecycles/booking.ts` |'));
    assert.ok(index.includes('```mermaid\n' + toMermaid(found.find((f) => f.name === 'theme')!.machine).trimEnd() + '\n```'));
  });
});
