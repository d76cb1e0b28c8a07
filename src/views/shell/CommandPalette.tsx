import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { pathOf, type RouteDef } from '../../app/routes.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * Ctrl/Cmd+K: find a screen by its name or its area, in the current language or by path.
 * A native modal <dialog> gives focus trapping, Escape and the top layer for free; the
 * list follows the ARIA combobox pattern.
 */
export function CommandPalette({ routes, open, onClose }: { routes: RouteDef[]; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const entries = useMemo(
    () =>
      routes
        .filter((route) => route.inSidebar)
        .map((route) => ({
          route,
          title: intl.formatMessage({ id: `route.${route.key}` }),
          area: intl.formatMessage({ id: `area.${route.area}` }),
        })),
    [routes, intl],
  );
  const results = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    if (!q) return entries;
    return entries.filter((e) => `${e.title} ${e.area} ${e.route.path}`.toLocaleLowerCase().includes(q));
  }, [entries, query]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setQuery('');
      setActive(0);
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const choose = (route: RouteDef | undefined) => {
    if (!route) return;
    onClose();
    navigate(pathOf(route));
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
      choose(results[active]?.route);
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
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
          placeholder={intl.formatMessage({ id: 'palette.placeholder' })}
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <kbd>Esc</kbd>
      </div>
      <ul id={`${id}-list`} role="listbox" className="palette-list" aria-label={intl.formatMessage({ id: 'palette.results' })}>
        {results.map((entry, index) => (
          <li
            key={entry.route.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="palette-option"
            onMouseMove={() => setActive(index)}
            onClick={() => choose(entry.route)}
          >
            <Icon name={entry.route.area} />
            <span>{entry.title}</span>
            <span className="muted">{entry.area}</span>
          </li>
        ))}
      </ul>
      {results.length === 0 && (
        <p className="palette-empty" role="status">
          <FormattedMessage id="palette.noResults" />
        </p>
      )}
    </dialog>
  );
}
