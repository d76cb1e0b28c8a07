/** Settings sections as the money and booking rules read them (defaults until edited). */
import { DEFAULT_SETTINGS, type SettingsSection } from '../../src/domain/settings.ts';
import type { Queryable } from '../db/index.ts';

export async function getSettings<S extends SettingsSection>(q: Queryable, section: S): Promise<(typeof DEFAULT_SETTINGS)[S]> {
  const { rows } = await q.query<{ value: Record<string, unknown> }>('SELECT value FROM settings WHERE section = $1', [section]);
  return { ...DEFAULT_SETTINGS[section], ...(rows[0]?.value ?? {}) } as (typeof DEFAULT_SETTINGS)[S];
}
