/** Scaffold: the adrenaline profile tab replaces this. */
import type { ServicesRecord } from '../../../domain/collections.ts';

export function AdrenalineTab(_props: { service: ServicesRecord; onChanged?: () => void }) {
  return null;
}
