/**
 * Minimum ≤ maximum participants ≤ capacity: the server's rule, checked before sending so
 * the form says it at once. Returns the message id for the field at fault, or null.
 */
export function participantsProblem(values: { min_participants?: unknown; max_participants?: unknown; capacity?: unknown }): {
  field: 'max_participants';
  message: string;
} | null {
  const min = typeof values.min_participants === 'number' ? values.min_participants : 1;
  const max = typeof values.max_participants === 'number' ? values.max_participants : null;
  const capacity = typeof values.capacity === 'number' ? values.capacity : null;
  if (max !== null && max < min) return { field: 'max_participants', message: 'services.maxBelowMin' };
  if (max !== null && capacity !== null && max > capacity) return { field: 'max_participants', message: 'services.maxOverCapacity' };
  return null;
}
