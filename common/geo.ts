/**
 * Where a location may be: inside Algeria's bounding box (roughly, with a margin for the
 * border). The server refuses coordinates outside it and the form says so before sending,
 * from this one description.
 */
export const ALGERIA_BOUNDS = { minLat: 18.9, maxLat: 37.2, minLng: -8.7, maxLng: 12.0 } as const;

/** Algiers: where a map with no coordinates and no wilaya opens. */
export const ALGERIA_CENTER = { lat: 36.753, lng: 3.059 } as const;

/**
 * The errors of a pair of coordinates, by field: both or neither, each within Algeria.
 * Messages are the server's words (English, like its other field errors).
 */
export function coordinateErrors(latitude: unknown, longitude: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const lat = latitude ?? null;
  const lng = longitude ?? null;
  if (lat === null && lng !== null) errors.latitude = ['Give the latitude with the longitude, or neither.'];
  if (lng === null && lat !== null) errors.longitude = ['Give the longitude with the latitude, or neither.'];
  const { minLat, maxLat, minLng, maxLng } = ALGERIA_BOUNDS;
  if (typeof lat === 'number' && (lat < minLat || lat > maxLat)) errors.latitude = [`Must be within Algeria: a latitude from ${minLat} to ${maxLat}.`];
  if (typeof lng === 'number' && (lng < minLng || lng > maxLng)) errors.longitude = [`Must be within Algeria: a longitude from ${minLng} to ${maxLng}.`];
  return errors;
}
