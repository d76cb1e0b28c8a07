/**
 * `npm run machines`: writes the definition (JSON) and a Mermaid state diagram of every
 * statechart exported from src/machines/ (and its folders) and common/lifecycles/ to
 * docs/machines/, plus an index, so flows can be read and reviewed without running the app.
 *
 * Machines are found, not listed: every module under those folders is imported and every
 * export that is an XState machine is drawn. A machine that more than one module exports
 * (an index re-exporting its folder) is drawn once.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// --- Discovery ---

export function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'config' in value &&
    'root' in value &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

/**
 * Modules of a folder, its index last: a machine is credited to the module that defines it.
 * `mounted` adds folders from elsewhere as if they were subfolders of this one.
 */
function moduleFiles(dir: string, mounted: Record<string, string> = {}): string[] {
  const rank = (name: string) => (/^index\.tsx?$/.test(name) ? 1 : 0);
  const entries = [
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => ({ name: entry.name, path: join(dir, entry.name), folder: entry.isDirectory() })),
    ...Object.entries(mounted).map(([name, path]) => ({ name, path, folder: true })),
  ];
  return entries
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .flatMap(({ name, path, folder }) => {
      if (folder) return moduleFiles(path);
      return /\.tsx?$/.test(name) && !/\.(d|test|spec)\.tsx?$/.test(name) ? [path] : [];
    });
}

/**
 * The lifecycle charts live in common/ (the server enforces them too); they are listed as
 * a folder lifecycles/ of src/machines, so the index reads in one alphabetical order.
 */
function machineModules(): string[] {
  return moduleFiles(join(root, 'src/machines'), { lifecycles: join(root, 'common/lifecycles') });
}

export interface FoundMachine {
  machine: AnyStateMachine;
  /** The file name the docs use: the machine id, unless two machines share it. */
  name: string;
  file: string;
  exportName: string;
}

/** The build defines constants the bundler replaces; under node they need values. */
function defineBuildConstants(): void {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const defaults: Record<string, unknown> = { __DEV__: false, __APP_VERSION__: pkg.version, __API_BASE_URL__: '' };
  for (const [name, value] of Object.entries(defaults)) {
    if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
}

export async function findMachines(files = machineModules()): Promise<FoundMachine[]> {
  defineBuildConstants();
  const found: FoundMachine[] = [];
  const seen = new Set<AnyStateMachine>();
  const names = new Set<string>();
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (!isMachine(value) || seen.has(value)) continue;
      seen.add(value);
      let name = value.id;
      if (names.has(name)) {
        name = `${value.id}.${exportName}`;
        console.warn(`machines: two machines have the id "${value.id}"; the one exported as ${exportName} is written as ${name}`);
      }
      names.add(name);
      found.push({ machine: value, name, file: relative(root, file).split('\\').join('/'), exportName });
    }
  }
  return found;
}

// --- Definition (JSON) ---

type Json = Record<string, unknown>;

function nameOf(thing: unknown): string {
  if (typeof thing === 'string') return thing;
  // and([...]) / or([...]) guards are functions carrying the guards they combine.
  const combined = (thing as { guards?: unknown[] } | null)?.guards;
  if (typeof thing === 'function' && Array.isArray(combined)) return combined.map(nameOf).join(' and ');
  if (thing && typeof thing === 'object' && 'type' in thing) return String((thing as { type: unknown }).type);
  if (typeof thing === 'function') return thing.name && !thing.name.startsWith('bound ') ? thing.name : 'inline';
  return String(thing);
}

/**
 * `machine.toJSON()`, plus the eventless (`always`) transitions it leaves out, with their
 * targets as state ids like the rest of the definition.
 */
export function definitionOf(machine: AnyStateMachine): Json {
  const addAlways = (json: Json, node: AnyStateNode) => {
    if (node.always && node.always.length > 0) {
      json.always = node.always.map((t) => ({
        target: (t.target ?? []).map((target: AnyStateNode) => `#${target.id}`),
        ...(t.guard ? { guard: nameOf(t.guard) } : {}),
        actions: (t.actions ?? []).map(nameOf),
        source: `#${node.id}`,
        eventType: '',
      }));
    }
    const states = json.states as Record<string, Json> | undefined;
    for (const [key, child] of Object.entries(node.states)) {
      if (states?.[key]) addAlways(states[key]!, child);
    }
  };
  const json = JSON.parse(JSON.stringify(machine.toJSON())) as Json;
  addAlways(json, machine.root);
  return json;
}

// --- Mermaid ---

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Labels are free text up to the end of the line; a few characters would end or confuse them. */
function labelText(text: string): string {
  return text.replace(/[:;#{}<>"]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** What the diagram writes for an event type. */
export function eventLabel(eventType: string, delay?: unknown): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) {
    const name = typeof delay === 'number' ? `${delay}ms` : typeof delay === 'string' ? delay : eventType.split('.')[2];
    return `after ${name}`;
  }
  let match = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (match) return `done ${match[1]}`;
  match = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (match) return `error ${match[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

interface Edge {
  source: AnyStateNode;
  target: AnyStateNode | null;
  label: string;
}

function transitionsOf(node: AnyStateNode): Edge[] {
  const edges: Edge[] = [];
  const add = (t: { target?: readonly AnyStateNode[]; guard?: unknown; eventType: string; delay?: unknown }, eventType: string) => {
    const guard = t.guard ? ` [${nameOf(t.guard)}]` : '';
    const label = `${eventLabel(eventType, t.delay)}${guard}`;
    const targets = t.target && t.target.length > 0 ? t.target : [null];
    for (const target of targets) edges.push({ source: node, target, label });
  };
  for (const [eventType, list] of node.transitions) for (const t of list) add(t, eventType);
  for (const t of node.always ?? []) add(t, '');
  return edges;
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.unshift(n);
  return chain;
}

/** Whether `outer` strictly contains `inner`. */
function contains(outer: AnyStateNode, inner: AnyStateNode): boolean {
  return outer !== inner && ancestors(inner).includes(outer);
}

function isTransient(node: AnyStateNode): boolean {
  return (node.always?.length ?? 0) > 0 && Object.keys(node.states).length === 0;
}

/**
 * Mermaid cannot draw an edge between a composite state and its own descendant. An edge
 * from a state into its own descendant ("from any substate") is drawn from each substate
 * of the region that holds the target; an edge from a state to its own ancestor goes to
 * that ancestor's initial substate.
 */
function drawable(edge: Edge): Edge[] {
  const { source, target } = edge;
  if (!target) return [edge];
  if (contains(source, target)) {
    let region = source;
    while (region.type === 'parallel') {
      const next: AnyStateNode | undefined = Object.values(region.states).find(
        (child) => child === target || contains(child, target),
      );
      if (!next || next === target) break;
      region = next;
    }
    // Nothing leaves a transient state by event, nor a top-level final state (the machine is done).
    const sources = Object.values(region.states).filter(
      (child) => !isTransient(child) && !(child.type === 'final' && !child.parent?.parent),
    );
    return sources.map((s) => ({ ...edge, source: s }));
  }
  let resolved = target;
  while (contains(resolved, source)) {
    const initial = resolved.initial?.target?.[0] as AnyStateNode | undefined;
    if (!initial) break;
    resolved = initial;
  }
  return [{ ...edge, target: resolved }];
}

/** The innermost state that contains both ends of an edge: where Mermaid wants it declared. */
function scopeOf(edge: Edge): AnyStateNode {
  const a = ancestors(edge.source);
  if (!edge.target) return edge.source.parent ?? edge.source;
  const b = ancestors(edge.target);
  let scope = a[0]!;
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) scope = a[i]!;
  if ((scope === edge.source || scope === edge.target) && scope.parent) scope = scope.parent;
  return scope;
}

/** A Mermaid `stateDiagram-v2` of the machine: nested and parallel states, initial and final states, every transition labelled with its event and guard. */
export function toMermaid(machine: AnyStateMachine): string {
  const edgesByScope = new Map<AnyStateNode, Edge[]>();
  // Transitions without a target change no state: one note per state lists them.
  const notes = new Map<string, string[]>();
  const noteOn = (node: AnyStateNode, text: string) => {
    let on = node;
    let prefix = '';
    if (node === machine.root && node.type !== 'parallel') {
      const first = Object.values(node.states).find((child) => !isTransient(child));
      if (!first) return;
      on = first;
      prefix = 'in every state ';
    }
    const key = mermaidId(on);
    notes.set(key, [...(notes.get(key) ?? []), `${prefix}${labelText(text)}`]);
  };
  const visit = (node: AnyStateNode) => {
    for (const edge of transitionsOf(node).flatMap(drawable)) {
      if (!edge.target) {
        noteOn(edge.source, edge.label);
        continue;
      }
      const scope = scopeOf(edge);
      const list = edgesByScope.get(scope) ?? [];
      // Several events between the same two states share one arrow.
      const same = list.find((e) => e.source === edge.source && e.target === edge.target);
      if (same) same.label = `${same.label}, ${edge.label}`;
      else list.push({ ...edge });
      edgesByScope.set(scope, list);
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);

  const lines: string[] = ['stateDiagram-v2'];

  const edgeLines = (scope: AnyStateNode, indent: string) =>
    (edgesByScope.get(scope) ?? []).map(
      (edge) => `${indent}${mermaidId(edge.source)} --> ${mermaidId(edge.target!)} : ${labelText(edge.label)}`,
    );

  /** Writes the children of `node` (a compound or parallel state) at `indent`. */
  const writeChildren = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states);
    if (node.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        writeState(region, indent);
      });
    } else {
      const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
      for (const child of children) writeState(child, indent);
      for (const child of children) if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    }
    lines.push(...edgeLines(node, indent));
  };

  const writeState = (node: AnyStateNode, indent: string) => {
    const id = mermaidId(node);
    lines.push(`${indent}state "${labelText(node.key)}" as ${id}`);
    if (Object.keys(node.states).length === 0) return;
    lines.push(`${indent}state ${id} {`);
    writeChildren(node, `${indent}  `);
    lines.push(`${indent}}`);
  };

  if (machine.root.type === 'parallel') {
    // Regions only exist inside a composite state.
    writeState(machine.root, '  ');
    lines.splice(1, 0, `  [*] --> ${mermaidId(machine.root)}`);
  } else {
    writeChildren(machine.root, '  ');
  }
  for (const [id, texts] of notes) lines.push(`  note right of ${id} : ${texts.join(', ')} (no state change)`);
  return `${lines.join('\n')}\n`;
}

// --- Index ---

function countStates(node: AnyStateNode): number {
  return Object.values(node.states).reduce((n, child) => n + 1 + countStates(child), 0);
}

function eventsOf(machine: AnyStateMachine): string[] {
  const events = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const eventType of node.transitions.keys()) if (!eventType.startsWith('xstate.')) events.add(eventType);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return [...events].sort();
}

function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').replace(/</g, '&lt;').trim();
}

export function indexMarkdown(found: readonly FoundMachine[]): string {
  const rows = found.map(({ machine, name, file, exportName }) => {
    const description = markdownText(String(machine.root.description ?? ''));
    const events = eventsOf(machine).map((e) => `\`${e}\``).join(', ');
    return `| [${machine.id}](#${name.toLowerCase().replace(/[^a-z0-9-]/g, '')}) | \`${exportName}\` in \`${file}\` | ${countStates(machine.root)} | ${events} | ${description} |`;
  });
  const sections = found.flatMap(({ machine, name }) => [
    `## ${name}`,
    '',
    ...(machine.root.description ? [markdownText(String(machine.root.description)), ''] : []),
    `[${name}.mmd](${name}.mmd) · [${name}.json](${name}.json)`,
    '',
    '```mermaid',
    toMermaid(machine).trimEnd(),
    '```',
    '',
  ]);
  return [
    '# Statecharts',
    '',
    'Written by `npm run machines` from the machines in `src/machines/` and `common/lifecycles/`; do not edit by hand,',
    're-run it after changing a machine. Each machine has a Mermaid state diagram (`<id>.mmd`,',
    'also drawn below) and its JSON definition (`<id>.json`, the data the Stately visualizer',
    'and inspector show). In the diagrams, `after <delay>` is a timer, `done <actor>` /',
    '`error <actor>` the end of an invoked actor, `done` alone a parallel or compound state',
    'reaching its final states, `[name]` a guard, and `always` an eventless transition.',
    'A transition defined on a parent state is drawn from each of its substates.',
    '',
    '| Machine | Export | States | Events | Description |',
    '| --- | --- | ---: | --- | --- |',
    ...rows,
    '',
    ...sections,
  ].join('\n');
}

// --- Main ---

export async function writeMachineDocs(outDir = join(root, 'docs/machines')): Promise<FoundMachine[]> {
  const found = await findMachines();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const { machine, name } of found) {
    writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(definitionOf(machine), null, 2)}\n`);
    writeFileSync(join(outDir, `${name}.mmd`), toMermaid(machine));
  }
  writeFileSync(join(outDir, 'README.md'), indexMarkdown(found));
  return found;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  writeMachineDocs()
    .then((found) => console.log(`machines: ${found.length} statecharts written to docs/machines/`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
