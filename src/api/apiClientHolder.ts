/**
 * The app's API client, registered once at start (src/app/actors.ts). Resource modules
 * and the default implementations of machine actors reach it here, so machine files
 * stay importable in node tests, where `.provide()` replaces those actors anyway.
 */
import type { ApiClient } from './client.ts';

let registered: ApiClient | null = null;

export function registerApiClient(client: ApiClient): void {
  registered = client;
}

export function apiClient(): ApiClient {
  if (!registered) throw new Error('The API client is not registered yet (src/app/actors.ts registers it at start).');
  return registered;
}
