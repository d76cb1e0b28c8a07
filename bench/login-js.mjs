// (a) How much JavaScript the browser downloads to show the login page: every script a
// cold /login load requests (until the network is idle), sized raw, gzip and brotli from
// dist/, with what the server actually sent. The static import closure of the entry
// points in .build/metafile.json (written by the build beside dist/, not in it) is computed as a cross-check.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { kb } from './lib/stats.mjs';

const TARGET_GZIP_BYTES = 110 * 1024;

function sizes(root, urlPath) {
  const file = join(root, 'dist', urlPath);
  const raw = readFileSync(file);
  const gz = existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(raw, { level: 9 }).length;
  const br = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : brotliCompressSync(raw).length;
  return { raw: raw.length, gz, br };
}

/** Output paths (relative to dist/) the entry points import statically, transitively. */
function staticClosure(root) {
  const metafile = JSON.parse(readFileSync(join(root, '.build/metafile.json'), 'utf8'));
  const outputs = metafile.outputs;
  const toUrl = (path) => path.replace(/^dist\//, '');
  const entries = Object.keys(outputs).filter((path) => outputs[path].entryPoint === 'src/main.tsx');
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  entries.forEach(visit);
  return [...seen].map(toUrl);
}

export default {
  name: 'login-js',
  title: 'JavaScript needed to show the login page (target: at most 110 KB gzip)',
  needs: ['server', 'browser'],
  async run({ server, browser, root }) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url());
      scripts.set(url.pathname, response);
    });
    await page.goto(`${server.baseURL}/login`);
    await page.locator('input[name="email"]:enabled').waitFor();
    await page.waitForLoadState('networkidle');
    const rows = [];
    const total = { raw: 0, gz: 0, br: 0, sent: 0 };
    for (const [path, response] of [...scripts].sort()) {
      const size = sizes(root, path.slice(1));
      const sent = (await response.request().sizes()).responseBodySize;
      const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
      rows.push([path, kb(size.raw), kb(size.gz), kb(size.br), `${kb(sent)} (${encoding})`]);
      total.raw += size.raw;
      total.gz += size.gz;
      total.br += size.br;
      total.sent += sent;
    }
    await context.close();
    rows.push([`total, ${scripts.size} files`, kb(total.raw), kb(total.gz), kb(total.br), kb(total.sent)]);

    const closure = staticClosure(root);
    const boot = [...scripts.keys()].filter((path) => path.includes('/boot-'));
    const closureGz = [...closure.map((p) => `/${p}`), ...boot].reduce((sum, path) => sum + sizes(root, path.slice(1)).gz, 0);
    const sameFiles = closure.length + boot.length === scripts.size && closure.every((p) => scripts.has(`/${p}`));
    return {
      notes: [
        `Scripts a cold load of /login requests in headless Chromium (fresh context, no service worker), until the network is idle.`,
        `gzip: ${kb(total.gz)} of the ${kb(TARGET_GZIP_BYTES)} target (${total.gz <= TARGET_GZIP_BYTES ? 'within' : 'OVER'} by ${kb(Math.abs(TARGET_GZIP_BYTES - total.gz))}).`,
        `Cross-check, .build/metafile.json: main.tsx and its static imports, plus the boot script: ${kb(closureGz)} gzip` +
          (sameFiles ? ', the same files.' : `; the browser loaded ${scripts.size} files, the closure has ${closure.length + boot.length}.`),
      ],
      columns: ['file', 'raw', 'gzip', 'brotli', 'sent'],
      rows,
    };
  },
};
