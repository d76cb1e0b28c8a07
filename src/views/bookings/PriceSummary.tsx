import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../ui/format.ts';

export interface PriceLine {
  key: string;
  label: ReactNode;
  amount: number;
}

/**
 * The server's price of a booking form, beside it: a line per item, then discount, fee
 * and total. Announced politely as it changes; the last price stays while the next loads.
 */
export function PriceSummary({
  state,
  busy,
  onRetry,
  currency,
  lines,
  subtotal,
  discount,
  discountLabel,
  fee,
  total,
}: {
  /** `empty`: nothing to price yet; `refused`: a field is at fault (shown at it); `failed`: the server could not be asked. */
  state: 'empty' | 'priced' | 'refused' | 'failed';
  busy: boolean;
  onRetry: () => void;
  currency: string;
  lines: PriceLine[];
  subtotal?: number;
  discount?: number;
  /** What gave the discount (a deal's name), in place of the plain "Discount". */
  discountLabel?: ReactNode;
  fee?: number;
  total?: number;
}) {
  const intl = useIntl();
  const id = useId();
  const money = (minor: number) => formatMoney(intl, minor, currency);
  return (
    <section className="card price-summary" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="price.title" />
      </h2>
      <div aria-live="polite">
        {state === 'empty' && (
          <p className="muted">
            <FormattedMessage id="price.empty" />
          </p>
        )}
        {state === 'refused' && (
          <p className="muted">
            <FormattedMessage id="price.refused" />
          </p>
        )}
        {state === 'failed' && (
          <p role="alert">
            <FormattedMessage id="price.failed" />{' '}
            <button type="button" className="button button-small" onClick={onRetry}>
              <FormattedMessage id="common.retry" />
            </button>
          </p>
        )}
        {total !== undefined && state !== 'empty' && state !== 'refused' && (
          <dl className="price-lines">
            {lines.map((line) => (
              <div key={line.key}>
                <dt>{line.label}</dt>
                <dd>{money(line.amount)}</dd>
              </div>
            ))}
            {subtotal !== undefined && (discount || fee) ? (
              <div>
                <dt>
                  <FormattedMessage id="booking.subtotal" />
                </dt>
                <dd>{money(subtotal)}</dd>
              </div>
            ) : null}
            {discount ? (
              <div>
                <dt>{discountLabel ?? <FormattedMessage id="booking.discount" />}</dt>
                <dd>− {money(discount)}</dd>
              </div>
            ) : null}
            {fee ? (
              <div>
                <dt>
                  <FormattedMessage id="booking.fee" />
                </dt>
                <dd>{money(fee)}</dd>
              </div>
            ) : null}
            <div className="price-total">
              <dt>
                <FormattedMessage id="booking.total" />
              </dt>
              <dd>{money(total)}</dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}
