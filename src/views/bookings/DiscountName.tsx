import { FormattedMessage, useIntl } from 'react-intl';
import type { AppliedDiscount } from '../../api/bookingPricing.ts';
import { formatMoney, localized } from '../ui/format.ts';

/**
 * A promotion that gave a booking its discount, by name, what it takes off and who pays
 * for it: "Coupon QA20, −20 %, paid by the platform".
 */
export function DiscountName({ discount, currency }: { discount: AppliedDiscount; currency: string }) {
  const intl = useIntl();
  const off =
    discount.kind === 'percent'
      ? intl.formatNumber(discount.value / 100, { style: 'percent', maximumFractionDigits: 2 })
      : formatMoney(intl, discount.value, currency);
  const funder =
    discount.funded_by === 'shared'
      ? intl.formatMessage({ id: 'discountName.funder.shared' }, { percent: intl.formatNumber((discount.platform_share_percent ?? 0) / 100, { style: 'percent' }) })
      : intl.formatMessage({ id: `discountName.funder.${discount.funded_by}` });
  const name = discount.source === 'coupon' ? String(discount.code ?? '') : localized(discount.name_i18n ?? {}, intl.locale);
  return (
    <FormattedMessage
      id={`discountName.${discount.source}`}
      values={{
        name: <bdi>{name}</bdi>,
        // Isolated: in Arabic a bare "−10%" would lose its minus to the far side of the number.
        off: <bdi>{intl.formatMessage({ id: discount.kind === 'per_person' ? 'discountName.offPerPerson' : 'discountName.off' }, { value: off })}</bdi>,
        funder,
      }}
    />
  );
}

/** Several, one after the other ("Coupon …; Discount …"). */
export function DiscountNames({ discounts, currency }: { discounts: readonly AppliedDiscount[]; currency: string }) {
  return (
    <>
      {discounts.map((discount, i) => (
        <span key={`${discount.source}-${i}`} className="discount-name">
          {i > 0 && '; '}
          <DiscountName discount={discount} currency={currency} />
        </span>
      ))}
    </>
  );
}
