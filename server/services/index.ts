/**
 * Services: their price rules and pricing, slots and availability (bulk slots, manifests,
 * disruptions), personal services, combos and adventures.
 */
import type { Area } from '../engine/area.ts';
import { adventureHooks } from './adventures.ts';
import { registerAvailability } from './availabilityRoutes.ts';
import { comboHooks } from './combos.ts';
import { registerPersonalServices } from './personalServicesRoutes.ts';
import { priceRuleHooks, serviceHooks } from './services.ts';
import { slotHooks } from './slots.ts';

export const servicesArea: Area = {
  name: 'services',
  hooks: { services: serviceHooks, 'price-rules': priceRuleHooks, 'service-slots': slotHooks, combos: comboHooks, adventures: adventureHooks },
  register(app) {
    registerAvailability(app);
    registerPersonalServices(app);
  },
};

export { assertCheckInAcknowledged, assertRoster } from './availability.ts';
export { comboShares, splitProportionally } from './combos.ts';
export { checkParticipantLimit, priceBooking, type PricedQuote } from './pricing.ts';
