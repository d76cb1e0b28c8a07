/**
 * The domain routes of the branch API: the generic resource routes for every
 * collection in the registry (with their special cases), lifecycle transitions,
 * messages, settings, acting as a vendor, and the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import { COLLECTIONS } from '../../src/domain/registry.ts';
import { registerCustomerRoutes } from '../customers/customers.ts';
import { gatewayFromEnv, type PaymentGateway } from '../payments/gateway.ts';
import { HOOKS } from '../areas.ts';
import { registerDeliveryRoutes } from '../notifications/deliveryRoutes.ts';
import { registerMedia } from '../media/routes.ts';
import { registerRealtime } from '../realtime/routes.ts';
import { registerActAs } from '../shell/actAs.ts';
import { registerAvailability } from '../services/availabilityRoutes.ts';
import { registerVendorUsers } from '../vendors/vendorUsers.ts';
import { registerPayLink } from '../payments/payLink.ts';
import { registerPaymentDetail } from '../payments/paymentDetail.ts';
import { registerPayouts } from '../payments/payoutsRoutes.ts';
import { registerPersonalServices } from '../services/personalServicesRoutes.ts';
import { registerPromotionUsage } from '../promotions/promotionUsage.ts';
import { registerBookingChange } from '../bookings/bookingChangeRoutes.ts';
import { registerBookingExport } from '../bookings/bookingExport.ts';
import { registerBookingPricing } from '../bookings/bookingPricing.ts';
import { registerComboBooking } from '../bookings/comboBooking.ts';
import { registerCustomerMerge } from '../customers/customerMerge.ts';
import { registerDashboard } from '../home/dashboardRoutes.ts';
import { registerExport } from './csvExport.ts';
import { registerChannel, channelSecret } from '../bookings/channel.ts';
import { registerMessages } from '../messages/messages.ts';
import { registerTicketMessages } from '../support/tickets.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRefundable } from '../payments/refundable.ts';
import { registerReorder } from '../catalog/reorder.ts';
import { registerReviewRatings } from '../customers/reviewRatings.ts';
import { registerSavedViews } from './savedViews.ts';
import { registerSearch } from '../shell/search.ts';
import { registerResource } from './resources.ts';
import { registerSettings } from '../settings/settingsRoutes.ts';
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
