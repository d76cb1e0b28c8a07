/**
 * Shared pieces of the model-based tests: which states a machine has, which of them a
 * snapshot is in (through the public `matches`), and a coverage record that fails a test
 * when a state of the real machine was never visited.
 */
import type { AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';

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
