/**
 * Payments: the money ledger (payments landing on a booking, refunds, the wallet and
 * loyalty ledgers), the card gateway, payment links and their page, refunds, payouts to
 * vendors with their commission and approved payout accounts.
 */
import type { Area } from '../engine/area.ts';
import { gatewayFromEnv } from './gateway.ts';
import { CheckoutBody, PayLinkView, registerPayLink } from './payLink.ts';
import { registerPaymentDetail } from './paymentDetail.ts';
import { invitationHooks, paymentHooks, refundHooks, splitHooks } from './payments.ts';
import { payoutHooks } from './payouts.ts';
import { registerPayouts } from './payoutsRoutes.ts';
import { BookingRefundBody, registerRefundable } from './refundable.ts';

export const paymentsArea: Area = {
  name: 'payments',
  hooks: {
    payments: paymentHooks,
    'payment-invitations': invitationHooks,
    refunds: refundHooks,
    'payment-splits': splitHooks,
    payouts: payoutHooks,
  },
  async register(app) {
    // The card payment gateway: from the environment (the development gateway without credentials).
    app.decorate('paymentGateway', gatewayFromEnv(process.env, app.config.production));
    registerRefundable(app);
    registerPaymentDetail(app);
    registerPayouts(app);
    await app.register(registerPayLink);
  },
  apiDoc: { schemas: { BookingRefundBody, PayLinkView, CheckoutBody } },
};

export {
  assertNotMerged, assertWalletCurrency, lockedPoints, loyaltyMove, marketplaceCurrency, moneyInStatus, refundableOf,
  walletCurrency, walletCurrencyRefusal, walletDestinations, walletMove,
} from './money.ts';
export { createPayment } from './payments.ts';
export { figures, SUMS, sumsOf, vendorHooks as payoutVendorHooks } from './payouts.ts';
export { reasonErrors, updateVendor } from './payoutAccount.ts';
