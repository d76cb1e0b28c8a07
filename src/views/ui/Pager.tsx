import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES, pageCount } from '../../machines/resources/listQuery.ts';

export function Pager({
  page,
  pageSize,
  count,
  exact = true,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  count: number;
  /** False when `count` is an estimate. */
  exact?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const intl = useIntl();
  const pages = pageCount(count, pageSize);
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
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
          <FormattedMessage id="list.pageOf" values={{ page: intl.formatNumber(page), pages: intl.formatNumber(pages) }} />
        </span>
        <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <FormattedMessage id="list.next" />
        </button>
      </div>
    </nav>
  );
}
