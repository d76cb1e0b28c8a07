/** Scaffold: the price rules tab replaces this. */
import type { ServicesRecord } from '../../../domain/collections.ts';

export function PricesTab(_props: { service: ServicesRecord; onChanged?: () => void }) {
  return null;
}
