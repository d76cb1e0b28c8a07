/** Scaffold: the availability calendar replaces this. */
import type { ServicesRecord } from '../../../domain/collections.ts';

export function AvailabilityTab(_props: { service: ServicesRecord; onChanged?: () => void }) {
  return null;
}
