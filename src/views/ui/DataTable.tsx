import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { TotalsGroup } from '../../api/resources.ts';

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
   * How much the column matters when the table is too wide for its box: 1 always shows;
   * columns of priority 3, then 2, give way (the last first) until the table fits. The
   * Columns menu brings any back.
   */
  priority?: 1 | 2 | 3;
  /** Its cell in a totals row at the foot of the table (a sum over the whole filtered set). */
  total?: (group: TotalsGroup) => ReactNode;
}

/** A row at the foot of the table: a label under the first column, values under the others by column key. */
export interface FootRow {
  key: string;
  label: ReactNode;
  values: Record<string, ReactNode>;
}

export interface DataTableProps<Row extends { id: string }> {
  /** Identifies the table for the remembered column choice. */
  name: string;
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  ordering: string;
  onSort: (field: string) => void;
  /** Where a row leads (its first cell links there); rows of records without a page of their own are not links. */
  rowHref?: (row: Row) => string;
  selected?: string[];
  onToggleRow?: (id: string) => void;
  onTogglePage?: () => void;
  busy?: boolean;
  /** Rows under the records (totals), in a `tfoot`. */
  foot?: FootRow[];
  /** Names the foot's rows for screen readers ("Totals"). */
  footLabel?: string;
}

/** The columns the user chose for a table (null: the screen's defaults). */
export function storedColumns(name: string): string[] | null {
  try {
    const value = JSON.parse(localStorage.getItem(`rihla.columns.${name}`) ?? 'null');
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The event a table hears when its columns are chosen from outside it (a saved view applied). */
const COLUMNS_CHOSEN = 'rihla:columns';

/** Chooses a table's columns (null: back to the screen's defaults), as its column menu would. */
export function chooseColumns(name: string, columns: readonly string[] | null): void {
  if (columns) localStorage.setItem(`rihla.columns.${name}`, JSON.stringify(columns));
  else localStorage.removeItem(`rihla.columns.${name}`);
  window.dispatchEvent(new CustomEvent(COLUMNS_CHOSEN, { detail: name }));
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
  // Columns that gave way for the table to fit its box; the user's own choice never does.
  const [squeezed, setSqueezed] = useState<string[]>([]);
  // A saved view applied chooses this table's columns from outside.
  useEffect(() => {
    const onChosen = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== props.name) return;
      setChosen(storedColumns(props.name));
      setSqueezed([]);
    };
    window.addEventListener(COLUMNS_CHOSEN, onChosen);
    return () => window.removeEventListener(COLUMNS_CHOSEN, onChosen);
  }, [props.name]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = columns.filter((c) => visible.includes(c.key) && !squeezed.includes(c.key));

  // A wider box may fit what gave way: start again from every column (a new list, so the fit runs again).
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const observer = new ResizeObserver(() => setSqueezed([]));
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);
  // Before the browser paints: while the table overflows its box, the least important column gives way.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table || chosen || table.scrollWidth <= wrap.clientWidth + 1) return;
    const next = shown
      .map((column, index) => ({ column, index }))
      .filter(({ column }) => (column.priority ?? 1) > 1)
      .sort((a, b) => (b.column.priority ?? 1) - (a.column.priority ?? 1) || b.index - a.index)[0];
    if (next) setSqueezed([...squeezed, next.column.key]);
  }, [squeezed, rows, chosen]);
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const someSelected = !allSelected && rows.some((r) => selected.includes(r.id));

  const toggleColumn = (key: string) => {
    // The first choice starts from what is on screen, columns that gave way excluded.
    const current = visible.filter((k) => !squeezed.includes(k));
    const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
    if (next.length === 0) return;
    setChosen(next);
    setSqueezed([]);
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
    <div className="table-wrap" ref={wrapRef} data-table={props.name} aria-busy={props.busy || undefined} data-chosen={chosen ? true : undefined}>
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
                  checked={visible.includes(column.key) && !squeezed.includes(column.key)}
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
      <table className="table" ref={tableRef}>
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
                <th key={column.key} scope="col" aria-sort={direction} data-align={column.align}>
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
                <td key={column.key} data-align={column.align} data-label={intl.formatMessage({ id: column.header })}>
                  {index === 0 && props.rowHref ? (
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
        {props.foot && props.foot.length > 0 && (
          <tfoot className="table-foot" aria-label={props.footLabel}>
            {props.foot.map((row) => (
              <tr key={row.key}>
                {onToggleRow && <td className="cell-select" />}
                {shown.map((column, index) =>
                  index === 0 ? (
                    <th key={column.key} scope="row" data-align={column.align}>
                      {row.label}
                    </th>
                  ) : (
                    <td key={column.key} data-align={column.align} data-label={intl.formatMessage({ id: column.header })} data-empty={row.values[column.key] === undefined || undefined}>
                      {row.values[column.key]}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
