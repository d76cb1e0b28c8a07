import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'wouter';
import type { Dashboard, Kpi, MoneyKpi } from '../../../common/dashboard.ts';
import { formatMoney } from '../ui/format.ts';
import { kpiLink, type KpiKey } from './homeLinks.ts';

interface Card {
  key: KpiKey;
  value: string;
  /** The whole amount, when `value` is its short form. */
  full?: string;
  /** The change against the previous period, as a signed percent (null when there is nothing to compare). */
  change: number | null;
  detail?: string;
}

const change = (value: number | null, previous: number | null) => (value === null || previous === null || previous === 0 ? null : ((value - previous) / previous) * 100);

function moneyCard(intl: IntlShape, key: KpiKey, figures: MoneyKpi[]): Card {
  const main = figures[0];
  const amount = main?.value ?? 0;
  const currency = main?.currency ?? 'DZD';
  const full = formatMoney(intl, amount, currency);
  // A million and more reads as "DZD 140.9M" (the symbol where the currency settings put it) so the tile keeps its width;
  // the whole amount is its title and what is read out.
  const short = Math.abs(amount) >= 100_000_000 ? formatMoney(intl, amount, currency, true) : null;
  return {
    key,
    value: short ?? full,
    full: short ? full : undefined,
    change: main ? change(main.value, main.previous) : null,
    // Other currencies, seldom there, are named beside the main one.
    detail: figures.length > 1 ? figures.slice(1).map((f) => formatMoney(intl, f.value, f.currency)).join(' · ') : undefined,
  };
}

const countCard = (intl: IntlShape, key: KpiKey, kpi: Kpi): Card => ({ key, value: intl.formatNumber(kpi.value), change: change(kpi.value, kpi.previous) });

/**
 * The day's figures, each with its change against the same span before it, cut at the same
 * time of day (the server's rule), and leading to the list it counts. Each title says what
 * it counts: bookings made, or activities taking place.
 */
export function KpiCards({ data }: { data: Dashboard }) {
  const intl = useIntl();
  const { kpis } = data;
  const cards: Card[] = [
    countCard(intl, 'bookings_today', kpis.bookings_today),
    countCard(intl, 'bookings_week', kpis.bookings_week),
    moneyCard(intl, 'revenue_month', kpis.revenue_month),
    moneyCard(intl, 'balance_due', kpis.balance_due),
    {
      key: 'occupancy_week',
      value: kpis.occupancy_week.value === null ? '—' : intl.formatNumber(kpis.occupancy_week.value / 100, { style: 'percent', maximumFractionDigits: 0 }),
      change: change(kpis.occupancy_week.value, kpis.occupancy_week.previous),
    },
    {
      key: 'rating',
      value: kpis.rating.value === null ? '—' : intl.formatNumber(kpis.rating.value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      change: change(kpis.rating.value, kpis.rating.previous),
      detail: intl.formatMessage({ id: 'home.kpi.reviews' }, { count: kpis.rating.count }),
    },
  ];
  return (
    <ul className="kpi-grid" aria-label={intl.formatMessage({ id: 'home.kpi.label' })}>
      {cards.map((card) => (
        <li key={card.key}>
          <Link href={kpiLink(card.key, data.today)} className="kpi-card" data-kpi={card.key}>
            <span className="kpi-title">
              <FormattedMessage id={`home.kpi.${card.key}`} />
            </span>
            {card.full ? (
              <strong className="kpi-value" title={card.full}>
                <span aria-hidden="true">{card.value}</span>
                <span className="visually-hidden">{card.full}</span>
              </strong>
            ) : (
              <strong className="kpi-value">{card.value}</strong>
            )}
            {card.detail && <span className="muted">{card.detail}</span>}
            {card.change !== null && (
              <span className="kpi-change" data-trend={card.change > 0 ? 'up' : card.change < 0 ? 'down' : 'flat'}>
                <FormattedMessage
                  id={`home.kpi.change.${card.key}`}
                  values={{ change: intl.formatNumber(card.change / 100, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }) }}
                />
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
