import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { FoundKind } from '../../api/find.ts';
import { pathOf, type RouteDef } from '../../app/routes.ts';
import { findScreens } from '../../app/screenSearch.ts';
import { MIN_SEARCH_LENGTH, recordSearchMachine } from '../../machines/find/recordSearch.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';

/** The records' groups, in this order under the screens, each with its area's icon. */
const KINDS: readonly { kind: FoundKind; icon: IconName }[] = [
  { kind: 'booking', icon: 'bookings' },
  { kind: 'customer', icon: 'customers' },
  { kind: 'service', icon: 'services' },
  { kind: 'vendor', icon: 'vendors' },
];

/** One option of the list: a screen, or a record the server found. */
interface Entry {
  key: string;
  icon: IconName;
  title: string;
  detail: string;
  path: string;
}

/**
 * Ctrl/Cmd+K: find a screen by its name, its area or its other names, in the current
 * language, or by path (the words in any order: src/app/screenSearch.ts),
 * and records (a booking by ref, a customer by name or phone, a service, a vendor) from the
 * search endpoint, grouped by kind under the screens. A native modal <dialog> gives focus
 * trapping, Escape and the top layer for free; the list follows the ARIA combobox pattern,
 * one active option across the groups (↑/↓, Enter opens it).
 */
export function CommandPalette({ routes, open, onClose }: { routes: RouteDef[]; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [, navigate] = useLocation();
  // The option ↑/↓ and Enter act on: where the highlight is, nothing more.
  const [active, setActive] = useState(0);
  const search = useActorRef(recordSearchMachine);
  const query = useSelector(search, (s) => s.context.text);
  const found = useSelector(search, (s) => s.context.results);
  const failed = useSelector(search, (s) => s.context.failed);
  const searching = useSelector(search, (s) => s.hasTag('busy'));

  const entries = useMemo(
    () =>
      routes
        .filter((route) => route.inSidebar)
        .map((route) => {
          const alias = `palette.alias.${route.key}`;
          return {
            route,
            title: intl.formatMessage({ id: `route.${route.key}` }),
            area: intl.formatMessage({ id: `area.${route.area}` }),
            path: route.path,
            aliases: alias in intl.messages ? intl.formatMessage({ id: alias }) : '',
          };
        }),
    [routes, intl],
  );
  const screens = useMemo(
    (): Entry[] => findScreens(entries, query).map((e) => ({ key: e.route.key, icon: e.route.area, title: e.title, detail: e.area, path: pathOf(e.route) })),
    [entries, query],
  );
  const groups = useMemo(
    () => [
      { key: 'screens', label: intl.formatMessage({ id: 'find.palette.screens' }), entries: screens },
      ...KINDS.map(({ kind, icon }) => ({
        key: kind,
        label: intl.formatMessage({ id: `find.palette.kind.${kind}` }),
        entries: found.filter((r) => r.kind === kind).map((r): Entry => ({ key: `${kind}:${r.id}`, icon, title: r.title, detail: r.subtitle, path: r.path })),
      })),
    ].filter((g) => g.entries.length > 0),
    [screens, found, intl],
  );
  const results = groups.flatMap((g) => g.entries);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setActive(0);
      search.send({ type: 'text.changed', text: '' });
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // Results arriving while an option is active keep the index in range.
  useEffect(() => setActive((i) => Math.min(i, Math.max(0, results.length - 1))), [results.length]);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    onClose();
    navigate(entry.path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  // One live region: nothing found at all, else how the record search went.
  const searched = query.trim().length >= MIN_SEARCH_LENGTH;
  const status =
    results.length === 0 && !searching ? (
      <FormattedMessage id={failed ? 'find.palette.failed' : 'palette.noResults'} />
    ) : !searched ? null : searching ? (
      <FormattedMessage id="find.palette.searching" />
    ) : failed ? (
      <FormattedMessage id="find.palette.failed" />
    ) : (
      <FormattedMessage id="find.palette.found" values={{ count: found.length }} />
    );
  return (
    <dialog ref={dialog} className="palette" aria-labelledby={`${id}-label`} onClose={onClose} onCancel={onClose}>
      <div className="palette-search">
        <Icon name="search" />
        <label id={`${id}-label`} htmlFor={`${id}-input`} className="visually-hidden">
          <FormattedMessage id="palette.label" />
        </label>
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
          placeholder={intl.formatMessage({ id: 'find.palette.placeholder' })}
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setActive(0);
            search.send({ type: 'text.changed', text: e.target.value });
          }}
          onKeyDown={onKeyDown}
        />
        <kbd>Esc</kbd>
      </div>
      <div id={`${id}-list`} role="listbox" className="palette-list" aria-label={intl.formatMessage({ id: 'palette.results' })} aria-busy={searching || undefined}>
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${id}-group-${group.key}`} className="palette-group">
            <div id={`${id}-group-${group.key}`} role="presentation" className="palette-group-label">
              {group.label}
            </div>
            {group.entries.map((entry) => {
              const index = results.indexOf(entry);
              return (
                <div
                  key={entry.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="palette-option"
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(entry)}
                >
                  <Icon name={entry.icon} />
                  <span>{entry.title}</span>
                  <span className="muted palette-detail">{entry.detail}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p className={results.length === 0 ? 'palette-empty' : 'palette-status'} role="status">
        {status}
      </p>
    </dialog>
  );
}
