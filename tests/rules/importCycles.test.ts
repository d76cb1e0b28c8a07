/**
 * No import cycles in src/, common/, server/ or scripts/, type-only imports included: a cycle
 * means neither module can be understood, tested or loaded without the other, and at run
 * time one of them sees the other half-initialised.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(m?[jt]sx?)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolve(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (files.has(candidate)) return candidate;
  return null;
}

/** The strongly connected groups of two or more modules (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('no module imports itself back, through any chain, in src/, common/, server/ or scripts/', () => {
  const files = ['src', 'common', 'server', 'scripts'].filter((dir) => existsSync(dir)).flatMap(sources);
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2] ?? match[3], known);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  assert.ok(graph.size > 100, 'the sources were read');
  const found = cycles(graph);
  assert.equal(found.length, 0, `import cycles:\n${found.map((group) => `  ${group.join(' <-> ')}`).join('\n')}`);
});
