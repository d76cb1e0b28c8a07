/**
 * The app built as build.mjs builds it (split into its lazy chunks), in memory, with its
 * metafile: for tests that check what goes into which script.
 */
import { join } from 'node:path';
import * as esbuild from 'esbuild';

export const root = join(import.meta.dirname, '../..');

export async function buildAppMetafile(): Promise<esbuild.Metafile> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/main.tsx'],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    jsx: 'automatic',
    // As build.mjs: stylesheets bring images (Leaflet's).
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' },
  });
  return result.metafile;
}
