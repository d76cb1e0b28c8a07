/** The catalog: categories (a tree of two levels), amenities and interests, and saving their order. */
import type { Area } from '../engine/area.ts';
import { REORDERABLE, registerReorder, ReorderInput } from './reorder.ts';
import { amenityHooks, categoryHooks, interestHooks } from './taxonomy.ts';

export const catalogArea: Area = {
  name: 'catalog',
  hooks: { categories: categoryHooks, amenities: amenityHooks, interests: interestHooks },
  register: registerReorder,
  apiDoc: { reorder: Object.fromEntries(REORDERABLE.map((name) => [name, ReorderInput(name === 'categories')])) },
};
