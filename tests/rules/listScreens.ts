/**
 * Every list screen's description: the `defineListScreen` values exported by the
 * `*Screen.ts` and `*Screens.ts` files under src/views, found by walking the folder so a
 * new list is checked without being named here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CollectionDescription, ListScreenSpec } from '../../src/views/ui/listScreen.ts';

const root = join(import.meta.dirname, '../..');

function screenFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return screenFiles(path);
    return /Screens?\.ts$/.test(entry.name) && entry.name !== 'listScreen.ts' ? [path] : [];
  });
}

const isScreen = (value: unknown): value is ListScreenSpec<CollectionDescription> =>
  typeof value === 'object' && value !== null && 'collection' in value && 'filters' in value && 'defaultOrdering' in value;

/** Each screen as `[file#export, description]`. */
export async function listScreens(): Promise<[string, ListScreenSpec<CollectionDescription>][]> {
  const found: [string, ListScreenSpec<CollectionDescription>][] = [];
  for (const file of screenFiles(join(root, 'src/views'))) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (isScreen(value)) found.push([`${file.slice(root.length + 1)}#${name}`, value]);
  }
  return found;
}
