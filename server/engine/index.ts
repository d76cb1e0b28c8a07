/**
 * The domain routes of the branch API: the generic resource routes for every
 * collection in the registry (with their special cases), lifecycle transitions,
 * messages, settings, acting as a vendor, and the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import { COLLECTIONS } from '../../src/domain/registry.ts';
import { registerCustomerRoutes } from '../domain/customers.ts';
import { gatewayFromEnv, type PaymentGateway } from '../domain/gateway.ts';
import { HOOKS } from '../domain/hooks.ts';
import { registerDeliveryRoutes } from '../delivery/routes.ts';
import { registerMedia } from '../media/routes.ts';
import { registerRealtime } from '../realtime/routes.ts';
import { registerActAs } from '../routes/actAs.ts';
import { registerAvailability } from '../routes/availability.ts';
import { registerVendorUsers } from '../routes/vendorUsers.ts';
import { registerPayLink } from '../routes/payLink.ts';
import { registerPaymentDetail } from '../routes/paymentDetail.ts';
import { registerPayouts } from '../routes/payouts.ts';
import { registerPersonalServices } from '../routes/personalServices.ts';
import { registerPromotionUsage } from '../routes/promotionUsage.ts';
import { registerBookingChange } from '../routes/bookingChange.ts';
import { registerBookingExport } from '../routes/bookingExport.ts';
import { registerBookingPricing } from '../routes/bookingPricing.ts';
import { registerComboBooking } from '../routes/comboBooking.ts';
import { registerCustomerMerge } from '../routes/customerMerge.ts';
import { registerDashboard } from '../routes/dashboard.ts';
import { registerExport } from './csvExport.ts';
import { registerChannel, channelSecret } from '../routes/channel.ts';
import { registerMessages } from '../routes/messages.ts';
import { registerTicketMessages } from '../routes/tickets.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRefundable } from '../routes/refundable.ts';
import { registerReorder } from '../routes/reorder.ts';
import { registerReviewRatings } from '../routes/reviewRatings.ts';
import { registerSavedViews } from './savedViews.ts';
import { registerSearch } from '../routes/search.ts';
import { registerResource } from './resources.ts';
import { registerSettings } from '../routes/settings.ts';
import { registerTotals } from './totals.ts';
import { registerTransitions } from './transitions.ts';
import { registerTopicSubscribers } from '../notifications/topics.ts';

export interface DomainRoutesOptions {
  /** The card payment gateway; from the environment by default (the development gateway without credentials). */
  paymentGateway?: PaymentGateway;
}

export async function domainRoutes(app: FastifyInstance, options: DomainRoutesOptions = {}): Promise<void> {
  app.decorate('paymentGateway', options.paymentGateway ?? gatewayFromEnv(process.env, app.config.production));
  for (const spec of COLLECTIONS) {
    if (spec.parent) continue;
    registerResource(app, spec, HOOKS[spec.name]);
    registerExport(app, spec);
    registerTransitions(app, spec, HOOKS[spec.name]);
  }
  await registerMedia(app);
  await registerRealtime(app);
  registerMessages(app);
  registerDeliveryRoutes(app);
  registerTopicSubscribers(app);
  registerTicketMessages(app);
  registerChannel(app, channelSecret(process.env, app.config.production));
  registerCustomerRoutes(app);
  registerAvailability(app);
  registerPersonalServices(app);
  registerBookingExport(app);
  registerComboBooking(app);
  registerRefundable(app);
  registerPaymentDetail(app);
  registerPayouts(app);
  registerReorder(app);
  registerBookingPricing(app);
  registerBookingChange(app);
  registerPromotionUsage(app);
  registerSettings(app);
  registerTotals(app);
  registerCustomerMerge(app);
  registerReviewRatings(app);
  registerDashboard(app);
  registerSearch(app);
  registerSavedViews(app);
  await app.register(registerPayLink);
  registerActAs(app);
  registerVendorUsers(app);
  registerOpenApi(app);

}
