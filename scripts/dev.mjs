// `npm run dev`: esbuild rebuilds dist/ on every change in src/ or common/, the server restarts on
// every change in server/ (tsx watch), and open pages reload themselves after either.
import { spawn, spawnSync } from 'node:child_process';

// One clean development build first, so the server finds dist/ when it starts.
const first = spawnSync(process.execPath, ['build.mjs', '--dev'], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  spawn(process.execPath, ['build.mjs', '--watch'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--include', 'server/**', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_RELOAD: '1' },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
