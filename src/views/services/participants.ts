/**
 * Minimum ≤ maximum participants ≤ capacity: the server's rule, checked before sending so
 * the form says it at once. Returns the field at fault and its message id, or null.
 */
export function participantsProblem(values: { min_participants?: unknown; max_participants?: unknown; capacity?: unknown }): {
  field: 'min_participants' | 'max_participants';
  message: string;
} | null {
  const min = typeof values.min_participants === 'number' ? values.min_participants : 1;
  const max = typeof values.max_participants === 'number' ? values.max_participants : null;
  const capacity = typeof values.capacity === 'number' ? values.capacity : null;
  if (max !== null && max < min) return { field: 'max_participants', message: 'services.maxBelowMin' };
  if (max !== null && capacity !== null && max > capacity) return { field: 'max_participants', message: 'services.maxOverCapacity' };
  if (capacity !== null && min > capacity) return { field: 'min_participants', message: 'services.minOverCapacity' };
  return null;
}
