import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ListActor } from './ListResults.tsx';

export interface QuickViewOption {
  key: string;
  /** Message id of its label. */
  label: string;
  ordering?: string;
}

/**
 * A list's quick views as a segmented control: a group of native radio buttons, so arrow
 * keys move between views (mirrored in Arabic) with no script of ours. A view is the
 * `view` filter; choosing one keeps the other filters and the search, orders the list its
 * way and goes back to the first page.
 */
export function QuickViews({ views, list, label }: { views: readonly QuickViewOption[]; list: ListActor; label: string }) {
  const intl = useIntl();
  const name = useId();
  const filters = useSelector(list, (s) => s.context.query.filters);
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{intl.formatMessage({ id: label })}</legend>
      {views.map((view) => (
        <label key={view.key} className="segmented-option">
          <input
            type="radio"
            name={name}
            value={view.key}
            // No view named is every record: the "all" view.
            checked={(filters.view ?? 'all') === view.key}
            onChange={() => list.send({ type: 'filters.replace', filters: { ...filters, view: view.key }, ordering: view.ordering })}
          />
          <span>{intl.formatMessage({ id: view.label })}</span>
        </label>
      ))}
    </fieldset>
  );
}
