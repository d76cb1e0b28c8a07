/**
 * Shared pieces of the model-based tests (the `*.model.test.ts` beside the machines): which
 * states a machine has, which of them a snapshot is in (through the public `matches`), and a
 * coverage record that fails a test when a state of the real machine was never visited.
 * Only tests import it, so no bundle holds it; it exports no machine, so `npm run machines`
 * draws nothing from it.
 */
import type { AnyMachineSnapshot, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';

interface NodeLike {
  key: string;
  path: string[];
  type: string;
  config: { always?: unknown };
  states: Record<string, NodeLike>;
}

function descendants(node: NodeLike): NodeLike[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

/** The value that `snapshot.matches` needs for the state node at `path`. */
export function valueOfPath(path: readonly string[]): StateValue {
  if (path.length === 1) return path[0]!;
  return { [path[0]!]: valueOfPath(path.slice(1)) };
}

/** Every state of the machine as a dotted path, except transient (`always`-only) ones. */
export function statePaths(machine: AnyStateMachine): string[] {
  return descendants(machine.root as unknown as NodeLike)
    .filter((node) => !node.config.always)
    .map((node) => node.path.join('.'));
}

export function activeStatePaths(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return statePaths(machine).filter((path) => snapshot.matches(valueOfPath(path.split('.')) as never));
}

/** The value of one region of a parallel state value. */
export function regionValue(value: StateValue, region: string): StateValue | undefined {
  return typeof value === 'string' ? undefined : (value[region] as StateValue | undefined);
}

export class Coverage {
  private readonly visited = new Set<string>();
  constructor(private readonly machine: AnyStateMachine) {}
  record(snapshot: AnyMachineSnapshot): void {
    for (const path of activeStatePaths(this.machine, snapshot)) this.visited.add(path);
  }
  missing(): string[] {
    return statePaths(this.machine).filter((path) => !this.visited.has(path));
  }
}

/** Lets settled promises (a promise actor's result) reach the actor. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface TransitionLike {
  source: NodeLike & { transitions: Map<string, unknown[]>; always?: unknown[]; id: string };
  eventType: string;
}

function transitionKey(source: TransitionLike['source'], eventType: string, index: number): string {
  const path = source.path.length > 0 ? source.path.join('.') : '(root)';
  return `${path} on ${eventType === '' ? 'always' : eventType} #${index}`;
}

/**
 * Every transition of the machine, read from its definition: one per event (or delay,
 * invoke result, `always`) and candidate of each state, so a guarded event with two
 * targets counts twice. A transition added to the machine shows up here without anyone
 * listing it.
 */
export function transitionKeys(machine: AnyStateMachine): string[] {
  const root = machine.root as unknown as TransitionLike['source'];
  const nodes = [root, ...(descendants(root) as TransitionLike['source'][])];
  return nodes.flatMap((node) => [
    ...[...node.transitions].flatMap(([eventType, candidates]) => candidates.map((_, i) => transitionKey(node, eventType, i))),
    ...(node.always ?? []).map((_, i) => transitionKey(node, '', i)),
  ]);
}

/**
 * The transitions an actor took, heard through its `inspect` option, against
 * `transitionKeys` of the machine: `missing()` lists those no test took.
 */
export class TransitionCoverage {
  private readonly taken = new Set<string>();
  constructor(private readonly machine: AnyStateMachine) {}
  /** Give to `createActor(machine, { inspect })`. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions as unknown as TransitionLike[]) {
      const { source, eventType } = transition;
      const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
      this.taken.add(transitionKey(source, eventType, candidates.indexOf(transition)));
    }
  };
  missing(): string[] {
    return transitionKeys(this.machine).filter((key) => !this.taken.has(key));
  }
}
