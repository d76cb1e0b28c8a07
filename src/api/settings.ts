/** A settings section as the rules on screen need it (GET settings/<section>/): vendor staff may read all but fees. */
import { apiClient } from './registry.ts';

export interface SettingsSectionRecord<T> {
  section: string;
  value: T;
  version: number;
}

export function fetchSettingsSection<T = Record<string, unknown>>(section: string, signal?: AbortSignal): Promise<SettingsSectionRecord<T>> {
  return apiClient().get<SettingsSectionRecord<T>>(`/branch/api/settings/${encodeURIComponent(section)}/`, { signal, quiet: true });
}
