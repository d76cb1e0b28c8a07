/**
 * A list screen as data: the collection it shows, its filters, the fields the table asks
 * for, the related names it expands and its default ordering. Typed against the SPA's copy
 * of the registry (common/collections.ts), so a filter the server does not have, an
 * ordering it refuses or a field it does not return fails `tsc`; tests/rules/screens.test.ts
 * checks every screen against the registry itself.
 */
import { useLayoutEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import type { ApiRecord } from '../../api/resources.ts';
import type { Limits } from '../../machines/resources/validation.ts';
import { useList } from './useList.ts';

/** What a screen reads of a collection's description (common/collections.ts). */
export interface CollectionDescription {
  name: string;
  lifecycle?: string;
  search: readonly string[];
  filters: readonly string[];
  /** Named filters the server knows (`?view=`): each a set of conditions, relative dates included. */
  views?: readonly string[];
  ordering: readonly string[];
  defaultOrdering: string;
  refs: Readonly<Record<string, string>>;
  /** Each field's kind and the limits the server enforces. */
  fields: Limits;
  /** Money fields the server adds up over a filtered set (`GET /<collection>/totals/`). */
  sums?: readonly string[];
}

type FilterName<C extends CollectionDescription> = C['filters'][number];
type Ordering<C extends CollectionDescription> = C['ordering'][number];

/**
 * One filter of the filter bar:
 * - `enum`: "Any" or one of the field's values (from the collection's enum unless `values` narrows it),
 *   each named by the message `${labelPrefix}.${value}`, or by `optionLabel` when the names
 *   are domain data (the 58 wilayas in three languages);
 * - `boolean`: "Any", yes or no;
 * - `record`: a picker of a related record (the URL keeps its id);
 * - `dateRange`: from and to (`field__gte`, `field__lte`), as calendar dates.
 * `staffOnly` filters are not shown to vendor staff (the vendor filter, say).
 */
export type FilterSpec<C extends CollectionDescription> =
  | {
      kind: 'enum';
      field: FilterName<C>;
      label: string;
      labelPrefix: string;
      values?: readonly string[];
      optionLabel?: (value: string, locale: string) => string;
      staffOnly?: boolean;
    }
  | { kind: 'boolean'; field: FilterName<C>; label: string; labelPrefix: string; staffOnly?: boolean }
  | {
      kind: 'record';
      field: FilterName<C>;
      label: string;
      /** The collection picked from. */
      resource: string;
      /** How a picked record is named, in the user's language. */
      optionLabel: (record: ApiRecord, locale: string) => string;
      staffOnly?: boolean;
    }
  | { kind: 'dateRange'; field: FilterName<C>; label: string; staffOnly?: boolean };

export interface ListScreenSpec<C extends CollectionDescription> {
  collection: C;
  /** Message id of the search box's label; no search box when the collection searches nothing. */
  searchLabel?: string;
  filters: readonly FilterSpec<C>[];
  defaultOrdering: Ordering<C> | `-${Ordering<C>}`;
  /** The fields the table shows (id and version always come). */
  fields?: readonly (keyof C['fields'] & string)[];
  /** References whose label the list gets in the same response (a booking's ref, a customer's name). */
  expand?: readonly (keyof C['refs'] & string)[];
  /** URL parameters the screen owns besides the list (a panel open beside it). */
  panels?: readonly string[];
  /**
   * Quick views over the list: the collection's named filters (`?view=`), the first one
   * opened when the URL names no filter and no search. A view combines with the other
   * filters; choosing one also orders the list its way.
   */
  views?: readonly QuickView<C>[];
  /** The view opened when the URL names no filter and no search; the first by default. */
  defaultView?: NonNullable<C['views']>[number];
  /** Message id naming the group of views (for screen readers); "Views" by default. */
  viewsLabel?: string;
  /**
   * A totals row at the foot of the table: the server adds up the collection's `sums`
   * over the whole filtered set (not the page), one row per currency; each column with a
   * `total` shows its sum there.
   */
  totals?: C['sums'] extends readonly string[] ? boolean : never;
}

export interface QuickView<C extends CollectionDescription> {
  key: NonNullable<C['views']>[number];
  /** Message id of its label. */
  label: string;
  ordering?: Ordering<C> | `-${Ordering<C>}`;
}

/** Identity, for the types: `defineListScreen({ collection: refunds, ... })` checks the screen against its collection. */
export function defineListScreen<const C extends CollectionDescription>(spec: ListScreenSpec<C>): ListScreenSpec<C> {
  return spec;
}

/** The values an enum filter offers: its own list, else the field's enum in the collection. */
export function filterValues<C extends CollectionDescription>(collection: C, filter: Extract<FilterSpec<C>, { kind: 'enum' }>): readonly string[] {
  return filter.values ?? collection.fields[filter.field]?.enum ?? [];
}

/** The list actor of a screen, kept in step with the URL. */
export function useListScreen<C extends CollectionDescription>(screen: ListScreenSpec<C>) {
  const defaultView = screen.views?.find((v) => v.key === (screen.defaultView ?? screen.views?.[0]?.key));
  const options = useMemo(
    () => ({
      filters: [...screen.filters.map((f) => f.field as string), ...(screen.views ? ['view'] : [])],
      defaultOrdering: (defaultView?.ordering ?? screen.defaultOrdering) as string,
      defaultFilters: defaultView ? { view: defaultView.key as string } : undefined,
      fields: screen.fields,
      expand: screen.expand,
      keepParams: screen.panels,
    }),
    [screen],
  );
  // A bare address becomes the default view's, replaced so the back button does not return to it.
  const bare = [...new URLSearchParams(useSearch()).keys()].filter((key) => key !== 'inspect').length === 0;
  useLayoutEffect(() => {
    if (bare && options.defaultFilters) history.replaceState(history.state, '', `${location.pathname}?${new URLSearchParams({ ...options.defaultFilters })}${location.search ? `&${location.search.slice(1)}` : ''}`);
  }, [bare]);
  return useList(screen.collection.name, options);
}
