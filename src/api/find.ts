/** Records found from anywhere, and the lists' saved views (server/shell/search.ts, server/engine/savedViews.ts). */
import { apiClient } from './apiClientHolder.ts';

export type FoundKind = 'booking' | 'customer' | 'service' | 'vendor';

export interface FoundRecord {
  kind: FoundKind;
  id: string;
  title: string;
  subtitle: string;
  /** The record's page in the app. */
  path: string;
}

/** Up to `limit` records of each kind matching `q`, titled in the interface's language. */
export async function searchRecords(q: string, signal?: AbortSignal, limit = 5): Promise<FoundRecord[]> {
  const { results } = await apiClient().get<{ results: FoundRecord[] }>('/branch/api/search/', { params: { q, limit }, signal, quiet: true });
  return results;
}

/** What a list restores from a saved view. */
export interface SavedViewState {
  filters: Record<string, string>;
  search: string;
  ordering: string;
  /** The table's chosen columns; null for the screen's defaults. */
  columns: string[] | null;
}

export interface SavedView {
  id: string;
  version: number;
  list_key: string;
  name: string;
  shared: boolean;
  /** The caller owns it, and so may rename or delete it. */
  mine: boolean;
  state: SavedViewState;
}

const BASE = '/branch/api/saved-views/';

export async function fetchSavedViews(listKey: string, signal?: AbortSignal): Promise<SavedView[]> {
  const { results } = await apiClient().get<{ results: SavedView[] }>(BASE, { params: { list: listKey }, signal, quiet: true });
  return results;
}

export function createSavedView(data: { list_key: string; name: string; shared: boolean; state: SavedViewState }): Promise<SavedView> {
  return apiClient().post(BASE, data, { quiet: true });
}

export function renameSavedView(view: SavedView, name: string): Promise<SavedView> {
  return apiClient().patch(`${BASE}${view.id}/`, { version: view.version, name }, { quiet: true });
}

export function deleteSavedView(view: SavedView): Promise<void> {
  return apiClient().delete(`${BASE}${view.id}/`, { quiet: true });
}
