/** Promotions: coupons, discounts and deals, who funds them, and where they were used. */
import type { Area } from '../engine/area.ts';
import { registerPromotionUsage } from './promotionUsage.ts';
import { couponHooks, dealHooks, discountHooks } from './promotions.ts';

export const promotionsArea: Area = {
  name: 'promotions',
  hooks: { coupons: couponHooks, discounts: discountHooks, deals: dealHooks },
  register: registerPromotionUsage,
};

export { platformFundedDiscount, platformPart } from './promotions.ts';
