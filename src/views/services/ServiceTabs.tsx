import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface TabDef<Key extends string> {
  key: Key;
  label: string;
  render: () => ReactNode;
}

/**
 * Tabs of one record's page (WAI-ARIA tabs, automatic activation): arrow keys, Home and
 * End move between tabs, the chosen one is the page's to keep (in the URL). A panel is
 * mounted when first opened and stays mounted (hidden) after, so a half-typed form in
 * one tab survives a look at another and no panel loads before it is wanted.
 */
export function ServiceTabs<Key extends string>({
  tabs,
  current,
  onSelect,
  label,
}: {
  tabs: readonly TabDef<Key>[];
  current: Key;
  onSelect: (key: Key) => void;
  label: string;
}) {
  const [visited, setVisited] = useState<ReadonlySet<Key>>(() => new Set([current]));
  if (!visited.has(current)) setVisited(new Set([...visited, current]));
  const refs = useRef(new Map<Key, HTMLButtonElement | null>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === current);
    // The row's order follows the text's direction: ArrowRight goes back in Arabic.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number;
    if (event.key in step) next = (index + step[event.key]! + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="service-tabs">
      <div role="tablist" aria-label={label} className="service-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current.set(tab.key, el);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-controls={`panel-${tab.key}`}
            aria-selected={tab.key === current}
            tabIndex={tab.key === current ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            <FormattedMessage id={tab.label} />
          </button>
        ))}
      </div>
      {tabs.map((tab) =>
        visited.has(tab.key) ? (
          <div
            key={tab.key}
            role="tabpanel"
            id={`panel-${tab.key}`}
            aria-labelledby={`tab-${tab.key}`}
            hidden={tab.key !== current}
            tabIndex={0}
            className="service-tabpanel"
          >
            {tab.render()}
          </div>
        ) : null,
      )}
    </div>
  );
}
