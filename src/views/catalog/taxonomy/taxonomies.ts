/** The four taxonomy screens as data: which collection each shows and its messages' prefix. */
import type { TaxonomyResource } from '../../../api/taxonomy.ts';

export type TaxonomyKind = 'categories' | 'subcategories' | 'amenities' | 'interests';

export const TAXONOMIES: Record<TaxonomyKind, { resource: TaxonomyResource; messages: string }> = {
  categories: { resource: 'categories', messages: 'category' },
  subcategories: { resource: 'categories', messages: 'subcategory' },
  amenities: { resource: 'amenities', messages: 'amenity' },
  interests: { resource: 'interests', messages: 'interest' },
};

/** `?edit=new`: a new term. */
export const NEW_TERM = 'new';
