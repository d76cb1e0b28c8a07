import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { useRealtimeEvents } from '../../app/realtimeEvents.ts';
import { listMachine } from '../../machines/resources/list.ts';
import { parseListQuery } from '../../machines/resources/listQuery.ts';

/** A bulk change sends an event per record: the page is fetched once they stop coming. */
const LIVE_REFRESH_DEBOUNCE_MS = 300;

/**
 * A list actor for one screen, kept in step with the URL: the query is read from the
 * search string, and a change of it (back button, a link) reaches the machine.
 * `keepParams`: the screen's own parameters (a panel's `edit`), which a new search,
 * filter or page leaves as they are. A record of the collection written elsewhere (the
 * realtime channel) refetches the page, once for a burst of changes.
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
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useRealtimeEvents(
    () => {
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => actor.send({ type: 'refresh' }), LIVE_REFRESH_DEBOUNCE_MS);
    },
    { type: 'record', collection: resource },
  );
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  return actor;
}
