import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateInput } from './fields/DateTimeField.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import type { ListActor } from './ListResults.tsx';
import { filterValues, type CollectionDescription, type FilterSpec, type ListScreenSpec } from './listScreen.ts';
import { RecordFilter } from './RecordFilter.tsx';
import { SearchBox } from './SearchBox.tsx';

/** `2026-11-23` plus `days`, as a calendar date (no time zone involved). */
function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The filters of a list screen, rendered from its description: the search box, each
 * filter the user's role may use, and "Clear filters" once something is set.
 */
export function FilterBar<C extends CollectionDescription>({ screen, list, staff }: { screen: ListScreenSpec<C>; list: ListActor; staff: boolean }) {
  const intl = useIntl();
  const idBase = useId();
  const { query, searchText } = useSelector(list, (s) => s.context);
  const value = (name: string) => query.filters[name] ?? '';
  const set = (name: string, v: string) => list.send({ type: 'filter.set', name, value: v });
  const shown = screen.filters.filter((f) => staff || !f.staffOnly);
  // A quick view's filters are not the bar's to clear; the bar's own filters and the search are.
  const own = new Set(screen.filters.map((f) => f.field as string));
  const anySet = query.search !== '' || Object.keys(query.filters).some((key) => own.has(key.split('__')[0]));

  const render = (filter: FilterSpec<C>) => {
    const field = filter.field as string;
    switch (filter.kind) {
      case 'enum':
        return (
          <FilterSelect
            key={field}
            label={filter.label}
            value={value(field)}
            values={filterValues(screen.collection, filter)}
            labelPrefix={filter.labelPrefix}
            optionLabel={filter.optionLabel && ((v) => filter.optionLabel!(v, intl.locale))}
            onChange={(v) => set(field, v)}
          />
        );
      case 'boolean':
        return <FilterSelect key={field} label={filter.label} value={value(field)} values={['true', 'false']} labelPrefix={filter.labelPrefix} onChange={(v) => set(field, v)} />;
      case 'record':
        return (
          <RecordFilter
            key={field}
            resource={filter.resource}
            label={<FormattedMessage id={filter.label} />}
            id={value(field)}
            optionLabel={(record) => filter.optionLabel(record, intl.locale)}
            onChange={(id) => set(field, id)}
          />
        );
      case 'dateRange': {
        // "To" is inclusive for the user: the URL keeps the exclusive day after (`__lt`).
        const to = value(`${field}__lt`);
        return (
          <fieldset key={field} className="filter filter-range">
            <legend>
              <FormattedMessage id={filter.label} />
            </legend>
            <label>
              <span className="visually-hidden">
                <FormattedMessage id={filter.label} />{' '}
              </span>
              <FormattedMessage id="list.from" />
              <DateInput id={`${idBase}-${field}-from`} value={value(`${field}__gte`).slice(0, 10) || null} onChange={(day) => set(`${field}__gte`, day ?? '')} />
            </label>
            <label>
              <span className="visually-hidden">
                <FormattedMessage id={filter.label} />{' '}
              </span>
              <FormattedMessage id="list.to" />
              <DateInput id={`${idBase}-${field}-to`} value={to ? shiftDate(to.slice(0, 10), -1) : null} onChange={(day) => set(`${field}__lt`, day ? shiftDate(day, 1) : '')} />
            </label>
          </fieldset>
        );
      }
    }
  };

  return (
    <div className="filter-bar" role="search">
      {screen.searchLabel && screen.collection.search.length > 0 && (
        <SearchBox value={searchText} label={intl.formatMessage({ id: screen.searchLabel })} onChange={(text) => list.send({ type: 'search.typed', text })} />
      )}
      {shown.map(render)}
      {anySet && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            // Keep the quick view: clear only what the bar set.
            const kept = Object.fromEntries(Object.entries(query.filters).filter(([key]) => !own.has(key.split('__')[0])));
            if (Object.keys(kept).length === 0) list.send({ type: 'filters.clear' });
            else list.send({ type: 'filters.replace', filters: kept, search: '' });
          }}
        >
          <FormattedMessage id="list.clearFilters" />
        </button>
      )}
    </div>
  );
}
