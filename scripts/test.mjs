// npm test: the type check, the node suite, then the browser suite, stopping at the first
// that fails. The type check runs beside the browser suite's preparation
// (scripts/prepareBrowserTests.ts, mostly seeding the demo database), as each keeps one
// core busy for about a minute.
import { spawn } from 'node:child_process';

const run = (command, args) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).once('exit', (code) => resolve(code ?? 1)));

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  () => Promise.all([run(npm, ['run', 'typecheck']), run(process.execPath, ['--import', 'tsx', 'scripts/prepareBrowserTests.ts'])]),
  () => run(npm, ['run', 'test:node']),
  () => run(npm, ['run', 'test:e2e']),
];
for (const step of steps) {
  const codes = [await step()].flat();
  if (codes.some((code) => code !== 0)) process.exit(1);
}
