/** Locations: their own rules on the generic routes. */
import type { Area } from '../engine/area.ts';
import { locationHooks } from './locations.ts';

export const locationsArea: Area = { name: 'locations', hooks: { locations: locationHooks } };
