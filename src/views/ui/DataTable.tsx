import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';

export interface Column<Row> {
  key: string;
  /** Message id of the header. */
  header: string;
  render: (row: Row) => ReactNode;
  /** The API field this column sorts by, when it can. */
  sortField?: string;
  align?: 'start' | 'end';
  /** Hidden until the user picks it in the column menu. */
  optional?: boolean;
  /**
   * How much the column matters when the table is narrow: 1 always shows, 3 gives way
   * below about 1,000 px of table (a 1,280 px screen with the sidebar open), 2 below
   * about 830 px. The Columns menu brings any back.
   */
  priority?: 1 | 2 | 3;
}

export interface DataTableProps<Row extends { id: string }> {
  /** Identifies the table for the remembered column choice. */
  name: string;
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  ordering: string;
  onSort: (field: string) => void;
  rowHref: (row: Row) => string;
  selected?: string[];
  onToggleRow?: (id: string) => void;
  onTogglePage?: () => void;
  busy?: boolean;
}

function storedColumns(name: string): string[] | null {
  try {
    const value = JSON.parse(localStorage.getItem(`rihla.columns.${name}`) ?? 'null');
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The table every list screen uses: sortable headers (aria-sort), a header that sticks
 * under the app's header as the page scrolls, row selection, a column menu, and ↑/↓ to
 * move between rows (Enter opens the focused one). It fits its box: low-priority columns
 * give way as it narrows, and on a phone each row becomes a card of label and value.
 */
export function DataTable<Row extends { id: string }>(props: DataTableProps<Row>) {
  const intl = useIntl();
  const { columns, rows, ordering, selected = [], onToggleRow, onTogglePage } = props;
  const [chosen, setChosen] = useState<string[] | null>(() => storedColumns(props.name));
  const visible = chosen ?? columns.filter((c) => !c.optional).map((c) => c.key);
  // Columns the user chose show whatever the width; the rest give way by priority.
  const priorityOf = (column: Column<Row>) => (chosen ? undefined : column.priority);
  const shown = columns.filter((c) => visible.includes(c.key));
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const someSelected = !allSelected && rows.some((r) => selected.includes(r.id));

  const toggleColumn = (key: string) => {
    const next = visible.includes(key) ? visible.filter((k) => k !== key) : [...visible, key];
    if (next.length === 0) return;
    setChosen(next);
    localStorage.setItem(`rihla.columns.${props.name}`, JSON.stringify(next));
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const row = event.currentTarget;
    const target = (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null;
    const link = target?.querySelector<HTMLElement>('a.row-link');
    if (link) {
      event.preventDefault();
      link.focus();
    }
  };

  return (
    <div className="table-wrap" aria-busy={props.busy || undefined}>
      <div className="table-tools">
        <DropdownMenu.Root dir={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
          <DropdownMenu.Trigger className="button button-ghost">
            <FormattedMessage id="list.columns" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
              {columns.map((column) => (
                <DropdownMenu.CheckboxItem
                  key={column.key}
                  className="menu-item"
                  checked={visible.includes(column.key)}
                  onCheckedChange={() => toggleColumn(column.key)}
                  onSelect={(e) => e.preventDefault()}
                >
                  <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
                  <FormattedMessage id={column.header} />
                </DropdownMenu.CheckboxItem>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <table className="table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {onToggleRow && (
              <th scope="col" className="cell-select">
                <input
                  type="checkbox"
                  checked={allSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = someSelected;
                  }}
                  onChange={onTogglePage}
                  aria-label={intl.formatMessage({ id: 'list.selectPage' })}
                />
              </th>
            )}
            {shown.map((column) => {
              const direction =
                column.sortField && ordering === column.sortField ? 'ascending' : column.sortField && ordering === `-${column.sortField}` ? 'descending' : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={direction} data-align={column.align} data-priority={priorityOf(column)}>
                  {column.sortField ? (
                    <button type="button" className="sort-button" onClick={() => props.onSort(column.sortField!)}>
                      <FormattedMessage id={column.header} />
                      <span aria-hidden="true" className="sort-mark">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    <FormattedMessage id={column.header} />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} onKeyDown={onRowKeyDown} data-selected={selected.includes(row.id) || undefined}>
              {onToggleRow && (
                <td className="cell-select">
                  <input
                    type="checkbox"
                    checked={selected.includes(row.id)}
                    onChange={() => onToggleRow(row.id)}
                    aria-label={intl.formatMessage({ id: 'list.selectRow' })}
                  />
                </td>
              )}
              {shown.map((column, index) => (
                <td key={column.key} data-align={column.align} data-priority={priorityOf(column)} data-label={intl.formatMessage({ id: column.header })}>
                  {index === 0 ? (
                    <Link href={props.rowHref(row)} className="row-link">
                      {column.render(row)}
                    </Link>
                  ) : (
                    column.render(row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
