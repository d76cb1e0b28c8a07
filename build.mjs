// Builds the SPA into dist/ with esbuild's JS API.
//
//   node build.mjs             production build (minified, hashed names)
//   node build.mjs --if-stale  build only when dist/ is missing or older than the sources
//   node build.mjs --dev       unminified build with source maps, no service worker
//   node build.mjs --watch     --dev, rebuilding on every change (used by `npm run dev`)
//
// index.html is written from public/index.html with the hashed entry files injected,
// because the Content-Security-Policy forbids inline scripts: everything the page runs,
// including the theme boot script that must run before first paint, is an external file.
//
// esbuild's metafile (every source path, for size checks) goes to .build/metafile.json,
// outside dist/: the server serves dist/ to anyone.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const outdir = join(root, 'dist');
const metafilePath = join(root, '.build', 'metafile.json');
const args = new Set(process.argv.slice(2));
const watch = args.has('--watch');
const dev = watch || args.has('--dev');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Newest modification time (ms) of any file under the given paths. */
function newestMtime(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      // A test beside a module (`*.test.ts`) is never in the build.
      for (const entry of readdirSync(path)) if (!/\.test\.tsx?$/.test(entry)) newest = Math.max(newest, newestMtime([join(path, entry)]));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

export function isStale() {
  const built = join(outdir, 'index.html');
  if (!existsSync(built)) return true;
  // A development build in dist/ is never what `npm start` should serve.
  if (readBuildMode() !== 'production') return true;
  const sources = ['src', 'common', 'public', 'build.mjs', 'package.json', 'package-lock.json'].map((p) => join(root, p));
  return newestMtime(sources) > statSync(built).mtimeMs;
}

/** The theme boot script is a classic blocking script, so it is built on its own as an IIFE. */
function bootOptions() {
  return {
    absWorkingDir: root,
    entryPoints: { boot: 'src/boot.ts' },
    outdir: join(outdir, 'assets'),
    bundle: true,
    format: 'iife',
    minify: !dev,
    entryNames: '[name]-[hash]',
    target: ['es2020'],
    metafile: true,
    logLevel: 'warning',
    plugins: [{ name: 'rihla-boot', setup: (b) => b.onEnd((r) => { if (r.metafile) bootMetafile = r.metafile; }) }],
  };
}

let bootMetafile = null;

/** API_BASE_URL points the SPA at another deployment of the branch API (default `/`: same origin). */
function apiBaseUrl() {
  return (process.env.API_BASE_URL || '/').replace(/\/+$/, '');
}

function buildOptions() {
  return {
    absWorkingDir: root,
    entryPoints: { main: 'src/main.tsx' },
    outdir: join(outdir, 'assets'),
    publicPath: '/assets/',
    bundle: true,
    format: 'esm',
    splitting: true,
    target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    jsx: 'automatic',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      __APP_VERSION__: JSON.stringify(pkg.version),
      __DEV__: JSON.stringify(dev),
      __API_BASE_URL__: JSON.stringify(apiBaseUrl()),
    },
    // Messages are compiled to their AST here, so the browser needs no ICU parser.
    alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' },
    plugins: [precompiledMessages(), htmlPlugin()],
  };
}

/**
 * Loads src/locales/*.json with every message parsed into the AST react-intl formats, in
 * two parts (src/locales/parts.json): what the login page shows, bundled with the main
 * script, and the rest, which src/locales/appMessages.ts loads with the signed-in app.
 * Messages only the server uses (CSV headers) are left out of both.
 */
function precompiledMessages() {
  const parts = JSON.parse(readFileSync(join(root, 'src/locales/parts.json'), 'utf8'));
  const login = new Set(parts.login);
  // The public pages' messages are bundled by those pages alone (standalonePageOptions).
  const elsewhere = new Set([...parts.serverOnly, ...parts.payPage, ...parts.setPasswordPage]);
  const partOf = (id) => {
    const prefix = id.split('.')[0];
    return elsewhere.has(prefix) ? null : login.has(prefix) ? 'login' : 'app';
  };
  const compile = (path, part) => {
    const messages = JSON.parse(readFileSync(path, 'utf8'));
    const kept = Object.entries(messages).filter(([id]) => partOf(id) === part);
    return { contents: JSON.stringify(Object.fromEntries(kept.map(([id, text]) => [id, parseMessage(text)]))), loader: 'json' };
  };
  return {
    name: 'rihla-messages',
    setup(build) {
      // The app's part: a catalogue imported by appMessages.ts.
      build.onResolve({ filter: /^\.\/[a-z]{2}\.json$/ }, (args) =>
        /[\\/]src[\\/]locales[\\/]appMessages\.ts$/.test(args.importer) ? { path: join(dirname(args.importer), args.path), namespace: 'rihla-app-messages' } : undefined,
      );
      build.onLoad({ filter: /\.json$/, namespace: 'rihla-app-messages' }, (args) => compile(args.path, 'app'));
      build.onLoad({ filter: /[\\/]src[\\/]locales[\\/][a-z]{2}\.json$/ }, (args) => compile(args.path, 'login'));
    },
  };
}

/**
 * A public page with none of the app's code (the payment page /pay/<token>, the
 * set-password page /set-password/<token>): its own entry and, of the catalogues, only
 * the messages of its part in src/locales/parts.json, as plain strings. Writes
 * dist/<name>.html from public/<name>.html.
 */
function standalonePageOptions(name, entry, part) {
  const prefixes = JSON.parse(readFileSync(join(root, 'src/locales/parts.json'), 'utf8'))[part];
  return {
    absWorkingDir: root,
    entryPoints: { [name]: entry },
    outdir: join(outdir, 'assets'),
    publicPath: '/assets/',
    bundle: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    entryNames: '[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [{
      name: `rihla-${name}-page`,
      setup(build) {
        build.onLoad({ filter: /[\\/]src[\\/]locales[\\/][a-z]{2}\.json$/ }, (args) => {
          const messages = JSON.parse(readFileSync(args.path, 'utf8'));
          const kept = Object.entries(messages).filter(([id]) => prefixes.includes(id.split('.')[0]));
          return { contents: JSON.stringify(Object.fromEntries(kept)), loader: 'json' };
        });
        build.onEnd((result) => {
          // A build kept in memory (tests/rules/payPageBundle.test.ts) writes no page either.
          if (result.errors.length > 0 || !result.metafile || build.initialOptions.write === false) return;
          const outputs = Object.entries(result.metafile.outputs);
          const [script, info] = outputs.find(([, o]) => o.entryPoint === entry);
          const url = (file) => '/' + relative(outdir, join(root, file)).split('\\').join('/');
          const head = [info.cssBundle && `<link rel="stylesheet" href="${url(info.cssBundle)}">`, `<script type="module" src="${url(script)}"></script>`].filter(Boolean).join('\n    ');
          writeFileSync(join(outdir, `${name}.html`), readFileSync(join(root, `public/${name}.html`), 'utf8').replace('<!-- assets -->', head));
        });
      },
    }],
  };
}

/** The public payment page (/pay/<token>). */
export const payPageOptions = () => standalonePageOptions('pay', 'src/pay/main.ts', 'payPage');
/** The public page where an invited vendor user sets a password (/set-password/<token>). */
export const setPasswordPageOptions = () => standalonePageOptions('set-password', 'src/setPassword/main.ts', 'setPasswordPage');

/** After every build: copy public/, write index.html, the service worker and the metafile. */
function htmlPlugin() {
  return {
    name: 'rihla-html',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length > 0 || !result.metafile) return;
        writeShell(result.metafile);
      });
    },
  };
}

function writeShell(metafile) {
  const outputs = Object.entries({ ...metafile.outputs, ...bootMetafile?.outputs }).map(([file, info]) => ({
    url: '/' + relative(outdir, join(root, file)).split('\\').join('/'),
    info,
  }));
  const entry = (name) => outputs.find((o) => o.info.entryPoint === `src/${name}`);
  const main = entry('main.tsx');
  const boot = outputs.find((o) => o.info.entryPoint === 'src/boot.ts');
  if (!main || !boot) throw new Error('build: entry outputs missing from the metafile');
  const css = main.info.cssBundle ? '/' + relative(outdir, join(root, main.info.cssBundle)) : null;
  const preloads = main.info.imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => '/' + relative(outdir, join(root, i.path)));

  for (const entryName of readdirSync(join(root, 'public'))) {
    if (['index.html', 'sw.js', 'pay.html', 'set-password.html'].includes(entryName)) continue;
    cpSync(join(root, 'public', entryName), join(outdir, entryName), { recursive: true });
  }

  const head = [
    `<script src="${boot.url}"></script>`,
    css && `<link rel="stylesheet" href="${css}">`,
    ...preloads.map((url) => `<link rel="modulepreload" href="${url}">`),
    `<script type="module" src="${main.url}"></script>`,
  ].filter(Boolean).join('\n    ');
  const template = readFileSync(join(root, 'public/index.html'), 'utf8');
  writeFileSync(join(outdir, 'index.html'), template.replace('<!-- assets -->', head));

  // The service worker precaches the shell and every hashed asset of this build; its
  // content changes with the build id, so browsers install the new one on the next visit.
  const assetUrls = outputs.map((o) => o.url).filter((u) => !u.endsWith('.map'));
  const buildId = createHash('sha256').update(assetUrls.join('\n')).digest('hex').slice(0, 12);
  const sw = readFileSync(join(root, 'public/sw.js'), 'utf8')
    .replace('__BUILD_ID__', buildId)
    .replace('__PRECACHE__', JSON.stringify(['/', ...assetUrls.filter((u) => !u.includes('/chunks/') || !dev)]));
  writeFileSync(join(outdir, 'sw.js'), sw);
  mkdirSync(dirname(metafilePath), { recursive: true });
  writeFileSync(metafilePath, JSON.stringify(metafile));
  if (!dev) precompress(outdir);
}

/** Writes .br and .gz beside every text file so the server sends them without compressing per request. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
    } else if (/\.(js|css|html|svg|json|webmanifest)$/.test(name)) {
      const content = readFileSync(path);
      writeFileSync(path + '.br', brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(path + '.gz', gzipSync(content, { level: 9 }));
    }
  }
}

function readBuildMode() {
  try {
    return JSON.parse(readFileSync(join(outdir, 'build-info.json'), 'utf8')).mode;
  } catch {
    return null;
  }
}

async function main() {
  if (args.has('--if-stale') && !isStale()) return;
  // The watcher builds on top of the development build `npm run dev` just made; every
  // other build starts clean so no stale precompressed file outlives its source.
  if (!watch) rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, 'build-info.json'), JSON.stringify({ mode: dev ? 'development' : 'production', version: pkg.version }));
  if (watch) {
    const bootCtx = await esbuild.context(bootOptions());
    await bootCtx.rebuild();
    await bootCtx.watch();
    for (const options of [payPageOptions(), setPasswordPageOptions()]) {
      const pageCtx = await esbuild.context(options);
      await pageCtx.rebuild();
      await pageCtx.watch();
    }
    const ctx = await esbuild.context(buildOptions());
    await ctx.watch();
    console.log('build: watching src/ and public/');
    return;
  }
  const started = performance.now();
  await esbuild.build(bootOptions());
  // Before the app: the app's build precompresses everything in dist/, the public pages too.
  await esbuild.build(payPageOptions());
  await esbuild.build(setPasswordPageOptions());
  await esbuild.build(buildOptions());
  console.log(`build: dist/ written in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
