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

const SCREENS_TARGET_GZIP_BYTES = 400 * 1024;

function readOutputs(root) {
  return JSON.parse(readFileSync(join(root, '.build/metafile.json'), 'utf8')).outputs;
}

/** Output paths (as in the metafile) an output imports statically, transitively, itself included. */
function closureOf(outputs, start) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(start);
  return seen;
}

/** Output paths (relative to dist/) the entry points import statically, transitively. */
function staticClosure(root) {
  const outputs = readOutputs(root);
  const seen = new Set();
  for (const path of Object.keys(outputs).filter((p) => outputs[p].entryPoint === 'src/main.tsx')) for (const p of closureOf(outputs, path)) seen.add(p);
  return [...seen].map((path) => path.replace(/^dist\//, ''));
}

/** `rihla-app-messages:/…/src/locales/fr.json` -> `src/locales/fr.json (app part)`. */
function entryName(root, entryPoint) {
  const [namespace, path] = entryPoint.includes(':') ? entryPoint.split(/:(.*)/s) : ['', entryPoint];
  const relative = path.startsWith(root) ? path.slice(root.length).replace(/^[\/]/, '') : path;
  return namespace === 'rihla-app-messages' ? `${relative} (app part)` : relative;
}

/**
 * Every lazily loaded piece (an area's screens, the shell, a language's messages) with
 * what it adds beyond the login page's scripts, and all of them together.
 */
function lazyChunks(root) {
  const outputs = readOutputs(root);
  const login = new Set(staticClosure(root).map((p) => `dist/${p}`));
  const gz = (path) => sizes(root, path.replace(/^dist\//, '')).gz;
  const rows = [];
  const everything = new Set();
  const lazy = Object.keys(outputs).filter((p) => p.endsWith('.js') && outputs[p].entryPoint && outputs[p].entryPoint !== 'src/main.tsx' && !outputs[p].entryPoint.endsWith('boot.ts'));
  for (const path of lazy.sort((a, b) => outputs[a].entryPoint.localeCompare(outputs[b].entryPoint))) {
    const own = [...closureOf(outputs, path)].filter((p) => !login.has(p));
    own.forEach((p) => everything.add(p));
    rows.push([entryName(root, outputs[path].entryPoint), String(own.length), kb(own.reduce((sum, p) => sum + gz(p), 0))]);
  }
  // Chunks only other lazy chunks import dynamically are counted once in the total.
  for (const path of Object.keys(outputs)) if (path.endsWith('.js') && !login.has(path)) everything.add(path);
  const total = [...everything].reduce((sum, p) => sum + gz(p), 0);
  // A user reads the app in one language: every screen, plus that language's messages only.
  const languageOf = (path) => outputs[path]?.entryPoint?.match(/src\/locales\/(\w+)\.json$/)?.[1];
  const languages = [...new Set([...everything].map(languageOf).filter(Boolean))];
  const perLanguage = languages.map((language) => ({
    language,
    gz: [...everything].filter((p) => !languageOf(p) || languageOf(p) === language).reduce((sum, p) => sum + gz(p), 0),
  }));
  const heaviest = perLanguage.reduce((a, b) => (b.gz > a.gz ? b : a), { language: '-', gz: 0 });
  return { rows, total, perLanguage, heaviest };
}

/** The payment link's public page (its own entry): the script and stylesheet dist/pay.html names. */
function payPage(root) {
  const html = readFileSync(join(root, 'dist/pay.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const rows = files.map((path) => {
    const size = sizes(root, path.slice(1));
    return [path, kb(size.raw), kb(size.gz), kb(size.br)];
  });
  const total = files.reduce((sum, path) => sum + sizes(root, path.slice(1)).gz, 0);
  return { rows: [...rows, [`pay page, ${files.length} files`, '', kb(total), '']], total };
}

export default {
  name: 'login-js',
  title: 'JavaScript needed to show the login page (target: at most 110 KB gzip), and every lazy chunk after it (all together at most 400 KB)',
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
    const chunks = lazyChunks(root);
    return [{
      notes: [
        `Scripts a cold load of /login requests in headless Chromium (fresh context, no service worker), until the network is idle.`,
        `gzip: ${kb(total.gz)} of the ${kb(TARGET_GZIP_BYTES)} target (${total.gz <= TARGET_GZIP_BYTES ? 'within' : 'OVER'} by ${kb(Math.abs(TARGET_GZIP_BYTES - total.gz))}).`,
        `Cross-check, .build/metafile.json: main.tsx and its static imports, plus the boot script: ${kb(closureGz)} gzip` +
          (sameFiles ? ', the same files.' : `; the browser loaded ${scripts.size} files, the closure has ${closure.length + boot.length}.`),
      ],
      columns: ['file', 'raw', 'gzip', 'brotli', 'sent'],
      rows,
    }, {
          notes: [
            'Loaded after the login page: each lazy entry with the files it needs beyond the login scripts.',
            `Every screen, as one user gets them (one language's messages; the heaviest is ${chunks.heaviest.language}): ${kb(chunks.heaviest.gz)} gzip ` +
              `of the ${kb(SCREENS_TARGET_GZIP_BYTES)} target (${chunks.heaviest.gz <= SCREENS_TARGET_GZIP_BYTES ? 'within' : 'OVER'} by ` +
              `${kb(Math.abs(SCREENS_TARGET_GZIP_BYTES - chunks.heaviest.gz))}). Per language: ` +
              `${chunks.perLanguage.map((l) => `${l.language} ${kb(l.gz)}`).join(', ')}.`,
            `Every script beyond the login page's, all languages' messages included (what the build ships): ${kb(chunks.total)} gzip.`,
          ],
          columns: ['entry', 'files', 'gzip'],
          rows: [...chunks.rows, ['every screen, one language (' + chunks.heaviest.language + ')', '', kb(chunks.heaviest.gz)], ['everything, all languages', '', kb(chunks.total)]],
    }, {
      notes: ['The payment link\'s public page, /pay/<token> (src/pay/, no app code): what a payer downloads besides the HTML.'],
      columns: ['file', 'raw', 'gzip', 'brotli'],
      rows: payPage(root).rows,
    }];
  },
};
