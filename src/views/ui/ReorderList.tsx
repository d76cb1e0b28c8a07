import { useLayoutEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface ReorderListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** How the move buttons name an item to a screen reader ("Move Surf up"). */
  nameOf: (item: T) => string;
  /**
   * Put `key` at `index` of this list. With drag and drop the item may come from another
   * list of the same `group` (a subcategory dropped under another category).
   */
  onMove: (key: string, index: number) => void;
  /** Lists of one group accept each other's items when dragged. */
  group: string;
  /** The list's accessible name. */
  label: string;
  renderItem: (item: T, index: number) => ReactNode;
  /** What an empty list says; it still takes a dropped item. */
  empty?: ReactNode;
  className?: string;
}

const typeOf = (group: string) => `application/x-reorder-${group.toLowerCase()}`;

/**
 * An ordered list whose items move by drag and drop (native HTML5, nothing to install:
 * an item's handle is dragged onto another item, whose place it takes) and by keyboard: each item has Move up and Move down buttons, and the button pressed
 * keeps the focus as its item moves. The screen announces the new place itself (it
 * knows the words: "Surf: 2 of 5 in Water").
 */
export function ReorderList<T>({ items, keyOf, nameOf, onMove, group, label, renderItem, empty, className }: ReorderListProps<T>) {
  const intl = useIntl();
  const listRef = useRef<HTMLOListElement>(null);
  const [over, setOver] = useState<number | null>(null);
  const refocus = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);
  const type = typeOf(group);

  useLayoutEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    const item = listRef.current?.querySelector(`:scope > li[data-key="${CSS.escape(pending.key)}"]`);
    // At the end of the list the pressed button is disabled: the other one takes the focus.
    const buttons = item ? [...item.querySelectorAll<HTMLButtonElement>(':scope > .reorder-buttons > button')] : [];
    const wanted = buttons.find((b) => b.dataset.direction === pending.direction && !b.disabled) ?? buttons.find((b) => !b.disabled);
    wanted?.focus();
  });

  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(type);
  const dropProps = (index: number) => ({
    onDragOver: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      e.stopPropagation();
      setOver(null);
      onMove(e.dataTransfer.getData(type), index);
    },
  });

  const move = (key: string, index: number, direction: 'up' | 'down') => {
    refocus.current = { key, direction };
    onMove(key, index);
  };

  return (
    <ol ref={listRef} className={`reorder-list ${className ?? ''}`} aria-label={label}>
      {items.length === 0 && empty && (
        <li className={`reorder-empty${over === 0 ? ' reorder-over' : ''}`} {...dropProps(0)}>
          {empty}
        </li>
      )}
      {items.map((item, index) => {
        const key = keyOf(item);
        const name = nameOf(item);
        return (
          <li
            key={key}
            data-key={key}
            className={`reorder-item${over === index ? ' reorder-over' : ''}`}
            {...dropProps(index)}
          >
            {/* The handle starts a drag (the row's fields stay free for typing and selecting); the row is what is seen moving. */}
            <span
              className="reorder-handle"
              aria-hidden="true"
              draggable
              onDragStart={(e) => {
                e.stopPropagation();
                e.dataTransfer.setData(type, key);
                e.dataTransfer.effectAllowed = 'move';
                const row = e.currentTarget.parentElement;
                if (row) e.dataTransfer.setDragImage(row, 0, 0);
              }}
              onDragEnd={() => setOver(null)}
            >
              ⋮⋮
            </span>
            <div className="reorder-body">{renderItem(item, index)}</div>
            <span className="reorder-buttons">
              <button
                type="button"
                className="button button-ghost button-small"
                data-direction="up"
                disabled={index === 0}
                aria-label={intl.formatMessage({ id: 'reorder.up' }, { name })}
                onClick={() => move(key, index - 1, 'up')}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                data-direction="down"
                disabled={index === items.length - 1}
                aria-label={intl.formatMessage({ id: 'reorder.down' }, { name })}
                onClick={() => move(key, index + 1, 'down')}
              >
                ↓
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
