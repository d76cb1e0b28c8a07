/**
 * What a newcomer relies on before reading any code: the README opens with the two
 * commands and the demo accounts the server really creates, and every installed package
 * runs on the oldest Node the README and package.json promise (an `npm install` on it
 * warns of nothing).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEMO_ACCOUNTS } from '../../server/db/seed.ts';

const readme = readFileSync('README.md', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));

test('the README opens with the quick start: both commands and every demo account with its password', () => {
  const quickStart = readme.slice(0, readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
  assert.equal(/^## .*$/m.exec(readme)?.[0], '## Quick start', 'the quick start is the first section');
  assert.match(quickStart, /npm install && npm start/);
  assert.match(quickStart, /npm install && npm test/);
  for (const account of DEMO_ACCOUNTS) {
    assert.match(quickStart, new RegExp(`\`${account.email}\` \\| \`${account.password}\``), account.email);
  }
});

type Version = [number, number, number];

function parse(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map((part) => (part === 'x' ? 0 : Number(part)));
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `version` satisfies an npm engines range (the forms packages use: >=, >, ^, ~, bare, ||). */
export function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) => {
    const comparators = alternative.trim().replace(/(>=|<=|>|<|\^|~)\s+/g, '$1').split(/\s+/).filter(Boolean);
    return comparators.every((comparator) => {
      const [, op = '', text = ''] = /^(>=|<=|>|<|\^|~)?(.+)$/.exec(comparator) ?? [];
      const wanted = parse(text);
      const parts = text.split('.').filter((part) => part !== 'x').length;
      switch (op) {
        case '>=': return compare(version, wanted) >= 0;
        case '>': return compare(version, wanted) > 0;
        case '<=': return compare(version, wanted) <= 0;
        case '<': return compare(version, wanted) < 0;
        case '^': return version[0] === wanted[0] && compare(version, wanted) >= 0;
        case '~': return version[0] === wanted[0] && version[1] === wanted[1] && compare(version, wanted) >= 0;
        // A bare "20" or "20.x" is that major; a full version is exact.
        default: return parts === 3 ? compare(version, wanted) === 0 : version[0] === wanted[0] && (parts < 2 || version[1] === wanted[1]);
      }
    });
  });
}

test('the engines check reads the ranges packages use', () => {
  assert.equal(satisfies([20, 9, 0], '>=22'), false);
  assert.equal(satisfies([20, 9, 0], '20 || >=22'), true);
  assert.equal(satisfies([20, 9, 0], '^20.9.0'), true);
  assert.equal(satisfies([20, 8, 0], '>=20.9.0'), false);
  assert.equal(satisfies([20, 9, 0], '>=16 || 14 >=14.17'), true);
  assert.equal(satisfies([20, 9, 0], '^8.16.0 || ^10.6.0 || >=11.0.0'), true);
  assert.equal(satisfies([20, 9, 0], '>= 10.x'), true);
});

test('every installed package runs on the oldest Node the project supports', () => {
  const oldest = parse(/^>=\s*(\S+)$/.exec(pkg.engines.node)?.[1] ?? '');
  assert.ok(oldest[0] >= 20, `package.json engines: ${pkg.engines.node}`);
  assert.match(readme, new RegExp(`Node ${oldest[0]} or later`));
  const refused = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>)
    .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !satisfies(oldest, entry.engines.node))
    .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} wants node ${(entry.engines as { node: string }).node}`);
  assert.deepEqual(refused, []);
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? sources(path) : /\.(m?[jt]sx?|css)$/.test(name) ? [path] : [];
  });
}

test('every declared dependency is imported or run by a script', () => {
  const code = ['src', 'common', 'server', 'scripts', 'tests', 'public'].flatMap(sources).concat(['build.mjs', 'playwright.config.ts']).map((file) => readFileSync(file, 'utf8')).join('\n');
  const scripts = Object.values(pkg.scripts as Record<string, string>).join('\n');
  const binaries: Record<string, string> = { typescript: 'tsc', '@playwright/test': 'playwright' };
  const unused = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !name.startsWith('@types/'))
    .filter((name) => !new RegExp(`['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(code) && !new RegExp(`\\b${binaries[name] ?? name}\\b`).test(scripts));
  assert.deepEqual(unused, []);
});
