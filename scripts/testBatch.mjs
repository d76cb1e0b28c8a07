// Runs several test files in this one process (scripts/run-node-tests.mjs starts it with
// tsx): each file is imported inside a `describe` named by its path, so the `before`,
// `after` and tests it declares at its top level belong to that suite and run in order,
// one file after the other.
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

for (const file of process.argv.slice(2)) {
  describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}
