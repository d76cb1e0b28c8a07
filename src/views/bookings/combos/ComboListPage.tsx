import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatMoney, localized, localizedOrdering } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { ComboBookingForm } from './ComboBookingForm.tsx';
import { ComboEditor } from './ComboEditor.tsx';
import { combosScreen, NEW_COMBO, type ComboRow } from './combosScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Packages of several services sold together; edited or booked beside the list. */
export function ComboListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(combosScreen);
  const page = useSelector(list, (s) => s.context.page);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), combosScreen.panels ?? []);
  const editing = panel.get('edit');
  const booking = panel.get('book');
  const bookingCombo = booking ? ((page?.results.find((r) => r.id === booking) ?? null) as ComboRow | null) : null;

  const columns: Column<ComboRow>[] = [
    { key: 'title', header: 'combo.title', priority: 1, sortField: localizedOrdering('title_i18n', intl.locale), render: (r) => localized(r.title_i18n, intl.locale) },
    { key: 'items', header: 'combo.services', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.items.length) },
    { key: 'pricing', header: 'combo.pricing', priority: 2, render: (r) => <FormattedMessage id={`comboPricing.${r.pricing}`} /> },
    {
      key: 'price',
      header: 'combo.priceOrPercent',
      priority: 1,
      sortField: 'price',
      align: 'end',
      // The amount comes from the server (`price_amount`): a percentage combo is priced from its parts there.
      render: (r) => (
        <span className="cell-stack">
          <span>{r.price_amount == null ? '—' : formatMoney(intl, r.price_amount, r.currency)}</span>
          {r.pricing === 'percent_of_parts' && (
            <span className="muted">
              <FormattedMessage id="combo.percentOnePerson" values={{ percent: intl.formatNumber((r.percent ?? 0) / 100, { style: 'percent', maximumFractionDigits: 2 }) }} />
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'validity',
      header: 'combo.validity',
      priority: 2,
      sortField: 'valid_from',
      render: (r) =>
        r.valid_from || r.valid_to ? (
          <FormattedMessage id="combo.validityRange" values={{ from: formatDate(intl, r.valid_from), to: formatDate(intl, r.valid_to) }} />
        ) : (
          <span className="muted">
            <FormattedMessage id="combo.always" />
          </span>
        ),
    },
    { key: 'active', header: 'combo.active', priority: 1, render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} kind="comboActive" /> },
    {
      key: 'book',
      header: 'comboBooking.column',
      priority: 1,
      render: (r) =>
        r.active ? (
          <button type="button" className="button" onClick={() => navigate(panel.href('book', r.id))}>
            <FormattedMessage id="comboBooking.open" />
          </button>
        ) : null,
    },
  ];

  const side = bookingCombo ? (
    <ComboBookingForm key={bookingCombo.id} combo={bookingCombo} onClose={() => navigate(panel.href('book', null))} />
  ) : editing ? (
    <ComboEditor
      key={editing}
      id={editing === NEW_COMBO ? null : editing}
      onClose={(saved) => {
        navigate(panel.href('edit', null));
        if (saved) list.send({ type: 'refresh' });
      }}
    />
  ) : null;

  return (
    <ListScreen
      route={route}
      screen={combosScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="combo.none" />}
      tableName="combos"
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <Link href={panel.href('edit', NEW_COMBO)} className="button button-primary">
          <FormattedMessage id="combo.new" />
        </Link>
      }
      side={side}
    />
  );
}
