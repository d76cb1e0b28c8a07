import { FormattedMessage, type IntlShape } from 'react-intl';
import type { Column } from '../../ui/DataTable.tsx';
import { formatMoney } from '../../ui/format.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import type { PriceRuleRow } from './priceRulesScreen.ts';
import { weekStartOf } from './WeekdaysField.tsx';

/** A calendar date (`YYYY-MM-DD`) as the locale writes it; the date itself, whatever the browser's zone. */
export const formatDay = (intl: IntlShape, day: string | null) => (day ? intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : null);

/** A rule's weekdays in short names from the locale's first day ("every day" when none). */
function weekdaysText(intl: IntlShape, weekdays: number[]) {
  if (weekdays.length === 0 || weekdays.length === 7) return intl.formatMessage({ id: 'prices.everyDay' });
  const start = weekStartOf(intl.locale);
  const sorted = [...weekdays].sort((a, b) => ((a - start + 7) % 7) - ((b - start + 7) % 7));
  return intl.formatList(sorted.map((w) => intl.formatDate(`2023-01-0${1 + w}T12:00:00Z`, { weekday: 'short', timeZone: 'UTC' })), { type: 'unit', style: 'short' });
}

/** The columns of a list of price rules: who, how much, when; the service's column only where several services show. */
export function priceRuleColumns(intl: IntlShape, extra: Column<PriceRuleRow>[] = []): Column<PriceRuleRow>[] {
  return [
    ...extra,
    {
      key: 'customer_type',
      header: 'prices.customerType',
      priority: 1,
      sortField: 'customer_type',
      render: (r) => (
        <span className="cell-stack">
          <FormattedMessage id={`newBooking.type.${r.customer_type}`} />
          {r.name && <span className="muted">{r.name}</span>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'prices.amount',
      priority: 1,
      sortField: 'amount',
      align: 'end',
      render: (r) => (
        <span className="cell-stack">
          <span>{formatMoney(intl, r.amount, r.currency)}</span>
          <span className="muted">
            <FormattedMessage id={`prices.perValue.${r.per}`} />
          </span>
        </span>
      ),
    },
    {
      key: 'validity',
      header: 'prices.validity',
      priority: 2,
      sortField: 'valid_from',
      render: (r) =>
        r.valid_from || r.valid_to ? (
          <FormattedMessage id="prices.validityRange" values={{ from: formatDay(intl, r.valid_from) ?? '…', to: formatDay(intl, r.valid_to) ?? '…' }} />
        ) : (
          <span className="muted">
            <FormattedMessage id="prices.always" />
          </span>
        ),
    },
    { key: 'weekdays', header: 'prices.rule.weekdays', priority: 3, render: (r) => weekdaysText(intl, r.weekdays) },
    {
      key: 'group',
      header: 'prices.rule.minGroup',
      priority: 3,
      align: 'end',
      render: (r) => (r.min_group_size == null ? '—' : <FormattedMessage id="prices.fromPeople" values={{ count: r.min_group_size }} />),
    },
    { key: 'active', header: 'prices.active', priority: 2, render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} kind="prices.activeState" /> },
  ];
}
