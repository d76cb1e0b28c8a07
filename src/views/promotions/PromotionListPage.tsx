import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatDate, localized, localizedOrdering } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { CheckCode } from './CheckCode.tsx';
import { PromotionEditor, PromotionValue } from './PromotionEditor.tsx';
import { couponsScreen, discountsScreen, NEW_PROMOTION, promotionState, type CouponRow, type DiscountRow } from './promotionScreens.ts';
import { PromotionUsage } from './PromotionUsage.tsx';
import { useStaff } from '../../app/permissions.ts';

type Row = CouponRow | DiscountRow;

/**
 * Coupons (`resource="coupons"`, with a code and "check a code") or automatic discounts:
 * the list, and beside it the one being edited with its usage report.
 */
export function PromotionListPage({ route, resource }: PageProps & { resource: 'coupons' | 'discounts' }) {
  const intl = useIntl();
  const staff = useStaff();
  const screen = resource === 'coupons' ? couponsScreen : discountsScreen;
  const prefix = resource === 'coupons' ? 'coupon' : 'discount';
  const list = useListScreen(screen as typeof couponsScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), screen.panels ?? []);
  const editing = panel.get('edit');
  const checking = resource === 'coupons' && panel.get('check') !== null;

  const bookingWindow = (r: Row) => {
    const from = r.booking_from ? formatDate(intl, r.booking_from) : null;
    const to = r.booking_to ? formatDate(intl, r.booking_to) : null;
    if (from && to) return <FormattedMessage id="promotion.windowRange" values={{ from, to }} />;
    if (from) return <FormattedMessage id="promotion.windowFrom" values={{ from }} />;
    if (to) return <FormattedMessage id="promotion.windowUntil" values={{ to }} />;
    return (
      <span className="muted">
        <FormattedMessage id="promotion.always" />
      </span>
    );
  };

  const columns: Column<Row>[] = [
    resource === 'coupons'
      ? { key: 'code', header: 'coupon.code', priority: 1, sortField: 'code', render: (r) => <bdi dir="ltr">{(r as CouponRow).code}</bdi> }
      : { key: 'name', header: 'discount.name', priority: 1, sortField: localizedOrdering('name_i18n', intl.locale), render: (r) => localized((r as DiscountRow).name_i18n, intl.locale) },
    { key: 'value', header: 'promotion.value', priority: 1, sortField: 'value', align: 'end', render: (r) => <PromotionValue record={r} /> },
    { key: 'window', header: 'promotion.bookingWindow', priority: 2, sortField: 'booking_to', render: bookingWindow },
    {
      key: 'uses',
      header: 'promotion.uses',
      priority: 2,
      sortField: 'uses_count',
      align: 'end',
      render: (r) => (r.max_uses == null ? intl.formatNumber(r.uses_count) : <FormattedMessage id="promotion.usesOf" values={{ uses: intl.formatNumber(r.uses_count), max: intl.formatNumber(r.max_uses) }} />),
    },
    ...(staff
      ? [{ key: 'vendor', header: 'promotion.vendor', priority: 3 as const, render: (r: Row) => r._expanded?.vendor_id?.trade_name ?? <FormattedMessage id="promotionFunder.platform" /> }]
      : []),
    { key: 'funded', header: 'promotion.fundedBy', priority: 3, render: (r) => <FormattedMessage id={`promotionFunder.${r.funded_by}`} /> },
    { key: 'active', header: 'promotion.active', priority: 1, render: (r) => <StatusChip status={promotionState(r)} kind="promotionActive" /> },
  ];

  const close = (saved: boolean) => {
    navigate(panel.href('edit', null));
    if (saved) list.send({ type: 'refresh' });
  };
  const side = checking ? (
    <CheckCode onClose={() => navigate(panel.href('check', null))} />
  ) : editing ? (
    <div className="promotion-side">
      <PromotionEditor key={editing} resource={resource} id={editing === NEW_PROMOTION ? null : editing} onClose={close} />
      {editing !== NEW_PROMOTION && <PromotionUsage key={`usage-${editing}`} resource={resource} id={editing} />}
    </div>
  ) : null;

  return (
    <ListScreen
      route={route}
      screen={screen as typeof couponsScreen}
      list={list}
      staff={staff}
      columns={columns as never}
      empty={<FormattedMessage id={`${prefix}.none`} />}
      tableName={resource}
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <>
          {resource === 'coupons' && (
            <Link href={panel.href('check', '1')} className="button">
              <FormattedMessage id="couponCheck.open" />
            </Link>
          )}
          <Link href={panel.href('edit', NEW_PROMOTION)} className="button button-primary">
            <FormattedMessage id={`${prefix}.new`} />
          </Link>
        </>
      }
      side={side}
    />
  );
}
