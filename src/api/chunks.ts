/**
 * Lazy chunks that load again after a failure. Chromium keeps a failed dynamic import in
 * its module map: `import()` of the same address then fails at once without asking the
 * network, so a "try again" button would do nothing until the page is reloaded. Chromium
 * and Firefox name the address in the error; the next try imports it with a query, which
 * makes it a new entry and a new request. Where the error names no address, the next try
 * is the plain import again.
 */
const failedAddress = new Map<string, string>();

/** `load()` the first time; after a failure, the address that failed, asked for anew. */
export async function importChunk<T>(key: string, load: () => Promise<T>): Promise<T> {
  const address = failedAddress.get(key);
  try {
    const module = address ? ((await import(`${address}?retry=${Date.now()}`)) as T) : await load();
    failedAddress.delete(key);
    return module;
  } catch (error) {
    const named = /\bhttps?:\/\/[^\s'"?#]+?\.js\b/.exec(error instanceof Error ? error.message : String(error))?.[0];
    if (named) failedAddress.set(key, named);
    throw error;
  }
}
