import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeMachineDocs } from '../../scripts/machines.ts';

// The diagrams designers read must describe the machines as they are now.
test('docs/machines matches the statecharts (run `npm run machines` after changing one)', async () => {
  const fresh = mkdtempSync(join(tmpdir(), 'machines-'));
  try {
    await writeMachineDocs(fresh);
    const committed = join(import.meta.dirname, '../../docs/machines');
    assert.deepEqual(readdirSync(committed).sort(), readdirSync(fresh).sort());
    for (const file of readdirSync(fresh)) {
      assert.equal(readFileSync(join(committed, file), 'utf8'), readFileSync(join(fresh, file), 'utf8'), `docs/machines/${file} is stale`);
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
});
