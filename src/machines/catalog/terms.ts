/**
 * Terms of a taxonomy (categories with their subcategories, amenities, interests) and
 * how a move changes their order: pure, so the page and the tests share it. A flat list
 * is a tree whose terms all sit at the top level.
 */
import type { OrderItem } from '../../api/taxonomy.ts';
import type { I18nText } from '../../../common/common.ts';

export interface Term {
  id: string;
  version: number;
  name_i18n: Partial<I18nText>;
  icon: string | null;
  active: boolean;
  sort_order: number;
  /** Categories only. */
  parent_id?: string | null;
}

const parentOf = (term: Term) => term.parent_id ?? null;

/** The terms under `parentId` (null: the top level), in their order. */
export function childrenOf(terms: readonly Term[], parentId: string | null): Term[] {
  return terms.filter((t) => parentOf(t) === parentId).sort((a, b) => a.sort_order - b.sort_order);
}

/**
 * The terms once `id` moved to place `index` under `parentId`: its new siblings and its
 * old ones are numbered 0, 1, 2… in their order, so the order is what the list shows.
 */
export function moveTerm(terms: readonly Term[], id: string, parentId: string | null, index: number): Term[] {
  const moving = terms.find((t) => t.id === id);
  if (!moving) return [...terms];
  const from = parentOf(moving);
  const siblings = childrenOf(terms, parentId).filter((t) => t.id !== id);
  const at = Math.max(0, Math.min(index, siblings.length));
  siblings.splice(at, 0, 'parent_id' in moving ? { ...moving, parent_id: parentId } : moving);
  const changed = new Map<string, Term>();
  siblings.forEach((t, i) => changed.set(t.id, { ...t, sort_order: i }));
  if (from !== parentId) childrenOf(terms, from).filter((t) => t.id !== id).forEach((t, i) => changed.set(t.id, { ...t, sort_order: i }));
  return terms.map((t) => changed.get(t.id) ?? t);
}

/** Where a term is: its parent, its place among its siblings (from 0) and how many they are. */
export function placeOf(terms: readonly Term[], id: string): { parentId: string | null; index: number; count: number } {
  const term = terms.find((t) => t.id === id);
  const parentId = term ? parentOf(term) : null;
  const siblings = childrenOf(terms, parentId);
  return { parentId, index: siblings.findIndex((t) => t.id === id), count: siblings.length };
}

/**
 * What the reorder request sends: the place (and parent, in a tree) of each term that
 * moved since `before`, so that a save never puts back terms someone else moved meanwhile.
 */
export function orderItems(before: readonly Term[], after: readonly Term[], tree: boolean): OrderItem[] {
  const was = new Map(before.map((t) => [t.id, t]));
  return after
    .filter((t) => was.get(t.id)?.sort_order !== t.sort_order || parentOf(was.get(t.id)!) !== parentOf(t))
    .map((t) => ({ id: t.id, sort_order: t.sort_order, ...(tree ? { parent_id: parentOf(t) } : {}) }));
}
