/** The shell around every screen: the record search (Ctrl+K) and staff acting as a vendor. */
import type { Area } from '../engine/area.ts';
import { registerActAs } from './actAs.ts';
import { registerSearch } from './search.ts';

export const shellArea: Area = {
  name: 'shell',
  register(app) {
    registerSearch(app);
    registerActAs(app);
  },
};
