import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiClient } from '../../../api/registry.ts';
import { toParams, type ListQuery } from '../../../api/resources.ts';
import { formatMoney } from '../../ui/format.ts';

interface Totals {
  count: number;
  by_currency: { currency: string | null; count: number; sums: { amount: number } }[];
}

/** How many refunds the filters find and how much they add up to, over every page. */
export function RefundTotals({ query }: { query: ListQuery }) {
  const intl = useIntl();
  const [totals, setTotals] = useState<Totals | null>(null);
  const key = JSON.stringify([query.filters, query.search]);
  useEffect(() => {
    const controller = new AbortController();
    const { page: _page, page_size: _size, ordering: _ordering, ...params } = toParams(query);
    apiClient()
      .get<Totals>('/branch/api/refunds/totals/', { params, signal: controller.signal, quiet: true })
      .then(setTotals)
      .catch(() => {
        if (!controller.signal.aborted) setTotals(null);
      });
    return () => controller.abort();
  }, [key]);
  if (!totals) return null;
  return (
    <p className="list-totals" role="status">
      <FormattedMessage
        id="refundList.totals"
        values={{
          count: totals.count,
          amount: totals.by_currency.map((c) => formatMoney(intl, c.sums.amount, c.currency ?? 'DZD')).join(' + ') || formatMoney(intl, 0),
        }}
      />
    </p>
  );
}
