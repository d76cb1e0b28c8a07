import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { listMachine } from '../../machines/resources/list.ts';
import { parseListQuery } from '../../machines/resources/listQuery.ts';

/**
 * A list actor for one screen, kept in step with the URL: the query is read from the
 * search string, and a change of it (back button, a link) reaches the machine.
 * `keepParams`: the screen's own parameters (a panel's `edit`), which a new search,
 * filter or page leaves as they are.
 */
export function useList(
  resource: string,
  options: {
    filters: readonly string[];
    defaultOrdering: string;
    defaultFilters?: Readonly<Record<string, string>>;
    fields?: readonly string[];
    /** Reference fields to name in the same response (see `Expandable`). */
    expand?: readonly string[];
    keepParams?: readonly string[];
  },
) {
  const search = useSearch();
  const key = options.filters.join(',');
  const query = useMemo(
    () => parseListQuery(search, options),
    // The options are constants of the screen; the search string is what changes.
    [search, key, options.defaultOrdering],
  );
  const actor = useActorRef(listMachine, {
    input: { resource, query, defaultOrdering: options.defaultOrdering, fields: options.fields, expand: options.expand, keepParams: options.keepParams },
  });
  useEffect(() => {
    actor.send({ type: 'query.changed', query });
  }, [actor, query]);
  return actor;
}
