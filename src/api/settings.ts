/** A settings section as the rules on screen need it (GET settings/<section>/): vendor staff may read all but fees. */
import { apiClient } from './apiClientHolder.ts';

export interface SettingsSectionRecord<T> {
  section: string;
  value: T;
  version: number;
}

export function fetchSettingsSection<T = Record<string, unknown>>(section: string, signal?: AbortSignal): Promise<SettingsSectionRecord<T>> {
  return apiClient().get<SettingsSectionRecord<T>>(`/branch/api/settings/${encodeURIComponent(section)}/`, { signal, quiet: true });
}

/** PATCH settings/<section>/ with the version read: 409 with `current` when someone saved meanwhile. */
export function saveSettingsSection<T>(section: string, version: number, changes: Partial<T>): Promise<SettingsSectionRecord<T>> {
  return apiClient().patch<SettingsSectionRecord<T>>(`/branch/api/settings/${encodeURIComponent(section)}/`, { version, ...changes });
}
