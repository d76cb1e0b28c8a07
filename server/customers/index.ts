/**
 * Customers: phones and blocking, messaging a customer, merging duplicates, reviews and
 * their ratings, and the wallet and loyalty points (earned, expired, adjusted by hand).
 */
import type { Area } from '../engine/area.ts';
import { MergeInput, registerCustomerMerge } from './customerMerge.ts';
import { customerHooks } from './customers.ts';
import { loyaltyHooks, walletHooks } from './loyalty.ts';
import { registerReviewRatings } from './reviewRatings.ts';
import { reviewHooks } from './reviews.ts';
import { BlockBody, MessageBody, registerCustomerRoutes } from './routes.ts';

export const customersArea: Area = {
  name: 'customers',
  hooks: { customers: customerHooks, 'wallet-transactions': walletHooks, 'loyalty-entries': loyaltyHooks, reviews: reviewHooks },
  register(app) {
    registerCustomerRoutes(app);
    registerCustomerMerge(app);
    registerReviewRatings(app);
  },
  apiDoc: { schemas: { MergeInput, BlockBody, MessageBody } },
};

export { earnPoints, expirePoints } from './loyalty.ts';
