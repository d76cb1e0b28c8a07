/**
 * Bookings and revenue per day and channel over the period, and the most booked services.
 * uPlot draws the lines (this file is its own chunk, loaded after the figures); in Arabic
 * the time axis runs right to left with the value axis on the right, every label is
 * formatted by Intl for the locale, the colours come from the theme's custom properties
 * (drawn again when the theme changes), and each chart's numbers are also a table.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import uPlot from 'uplot';
import { localeActor, themeActor } from '../../../app/actors.ts';
import { BOOKING_CHANNELS, type Dashboard } from '../../../../common/dashboard.ts';
import { DIRECTION } from '../../../machines/locale.ts';
import { resolveTheme } from '../../../machines/theme.ts';
import { formatMoney, localized } from '../../ui/format.ts';

const HEIGHT = 220;

/** The value axis as wide as its longest label (Arabic words its millions) plus the ticks. */
function labelsWidth(u: uPlot, values: string[] | null): number {
  u.ctx.save();
  u.ctx.font = '12px system-ui, sans-serif';
  const widest = Math.max(0, ...(values ?? []).map((v) => u.ctx.measureText(v).width));
  u.ctx.restore();
  return Math.ceil(widest) + 24;
}

/** A round top for the value axis, a tenth above the highest value, so no peak touches the frame. */
function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const raw = max * 1.1;
  const step = 10 ** Math.floor(Math.log10(raw));
  return ([1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((f) => f * step >= raw) ?? 10) * step;
}

export default function DashboardCharts({ data }: { data: Dashboard }) {
  const intl = useIntl();
  const major = (minor: number) => minor / 100;
  return (
    <div className="chart-grid">
      <LineChart
        id="bookings"
        title={intl.formatMessage({ id: 'home.charts.bookings' })}
        data={data}
        values={(day, channel) => day.bookings[channel] ?? 0}
        format={(n) => intl.formatNumber(n)}
      />
      <LineChart
        id="revenue"
        title={intl.formatMessage({ id: 'home.charts.revenue' }, { currency: data.currency })}
        data={data}
        values={(day, channel) => major(day.revenue[channel] ?? 0)}
        format={(n) => intl.formatNumber(n, { notation: 'compact', maximumFractionDigits: 1 })}
        cell={(n) => formatMoney(intl, n * 100, data.currency)}
      />
      <TopServices data={data} intl={intl} />
    </div>
  );
}

function LineChart({
  id,
  title,
  data,
  values,
  format,
  cell = format,
}: {
  id: string;
  title: string;
  data: Dashboard;
  values: (day: Dashboard['chart'][number], channel: string) => number;
  format: (n: number) => string;
  cell?: (n: number) => string;
}) {
  const intl = useIntl();
  const holder = useRef<HTMLDivElement>(null);
  const theme = useSelector(themeActor, (s) => resolveTheme(s.context));
  const rtl = useSelector(localeActor, (s) => DIRECTION[s.context.locale] === 'rtl');
  const dayLabel = (day: string) => intl.formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const series = BOOKING_CHANNELS.map((channel) => data.chart.map((day) => values(day, channel)));

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const css = getComputedStyle(element);
    const color = (name: string) => css.getPropertyValue(name).trim();
    const axis = { stroke: color('--muted'), grid: { stroke: color('--border'), width: 1 }, ticks: { stroke: color('--border'), width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, dir: rtl ? -1 : 1 }, y: { range: (_u, _min, max) => [0, niceMax(max)] } },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && data.chart[i] ? dayLabel(data.chart[i].day) : '')) },
          { ...axis, side: rtl ? 1 : 3, size: labelsWidth, values: (_u, splits) => splits.map(format) },
        ],
        series: [{}, ...BOOKING_CHANNELS.map((channel, i) => ({ label: channel, stroke: color(`--chart-${i + 1}`), width: 2 }))],
      },
      [data.chart.map((_, i) => i), ...series],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // The chart is drawn again for new figures, another language or theme.
  }, [data, intl.locale, theme, rtl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <figure className="chart" aria-labelledby={`chart-${id}-title`}>
      <figcaption id={`chart-${id}-title`}>{title}</figcaption>
      <ul className="chart-legend" aria-hidden="true">
        {BOOKING_CHANNELS.map((channel, i) => (
          <li key={channel} style={{ ['--swatch' as string]: `var(--chart-${i + 1})` }}>
            <FormattedMessage id={`channel.${channel}`} />
          </li>
        ))}
      </ul>
      <div ref={holder} className="chart-canvas" aria-hidden="true" />
      <details className="chart-table">
        <summary>
          <FormattedMessage id="home.charts.table" />
        </summary>
        <table className="table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="home.charts.day" /></th>
              {BOOKING_CHANNELS.map((channel) => (
                <th key={channel} scope="col"><FormattedMessage id={`channel.${channel}`} /></th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.chart.map((day, i) => (
              <tr key={day.day}>
                <th scope="row">{dayLabel(day.day)}</th>
                {series.map((values, c) => (
                  <td key={BOOKING_CHANNELS[c]}>{cell(values[i])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The most booked services of the period, as bars drawn by CSS over a real table. */
function TopServices({ data, intl }: { data: Dashboard; intl: IntlShape }) {
  const most = Math.max(1, ...data.top_services.map((s) => s.bookings));
  return (
    <figure className="chart top-services" aria-labelledby="chart-top-title">
      <figcaption id="chart-top-title">
        <FormattedMessage id="home.charts.top" />
      </figcaption>
      {data.top_services.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="home.charts.none" />
        </p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="home.departures.service" /></th>
              <th scope="col"><FormattedMessage id="home.charts.topBookings" /></th>
              <th scope="col"><FormattedMessage id="home.charts.topRevenue" values={{ currency: data.currency }} /></th>
            </tr>
          </thead>
          <tbody>
            {data.top_services.map((s) => (
              <tr key={s.service_id}>
                <th scope="row"><bdi>{localized(s.title_i18n, intl.locale)}</bdi></th>
                <td>
                  <span className="bar" style={{ ['--share' as string]: `${(100 * s.bookings) / most}%` }}>
                    {intl.formatNumber(s.bookings)}
                  </span>
                </td>
                <td>{formatMoney(intl, s.revenue, data.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
