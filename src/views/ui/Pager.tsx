import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES, pageCount } from '../../machines/resources/listQuery.ts';

export function Pager({
  page,
  pageSize,
  count,
  exact = true,
  shown,
  hasNext,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  count: number;
  /** False when `count` is an estimate. */
  exact?: boolean;
  /** How many rows this page holds (else derived from the count). */
  shown?: number;
  /** Whether the server has a next page (it knows even when the count is an estimate). */
  hasNext?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const intl = useIntl();
  const pages = pageCount(count, pageSize);
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = shown === undefined ? Math.min(count, page * pageSize) : first + shown - 1;
  const nextDisabled = hasNext === undefined ? page >= pages : !hasNext;
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'list.pagination' })}>
      <span className="muted" role="status">
        <FormattedMessage
          id={exact ? 'list.range' : 'list.rangeAbout'}
          values={{ first: intl.formatNumber(first), last: intl.formatNumber(last), count: intl.formatNumber(count) }}
        />
      </span>
      <label className="pager-size">
        <FormattedMessage id="list.pageSize" />
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {intl.formatNumber(size)}
            </option>
          ))}
        </select>
      </label>
      <div className="pager-buttons">
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <FormattedMessage id="list.previous" />
        </button>
        <span aria-current="page">
          <FormattedMessage id={exact ? 'list.pageOf' : 'list.pageOfAbout'} values={{ page: intl.formatNumber(page), pages: intl.formatNumber(pages) }} />
        </span>
        <button type="button" className="button" disabled={nextDisabled} onClick={() => onPage(page + 1)}>
          <FormattedMessage id="list.next" />
        </button>
      </div>
    </nav>
  );
}
