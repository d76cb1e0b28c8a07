/** The domain model shared by the SPA and the branch API. */
export * from './common.ts';
export * from './wilayas.ts';
export * from './statuses.ts';
export * from './vendors.ts';
export * from './catalog.ts';
export * from './promotions.ts';
export * from './bookings.ts';
export * from './payments.ts';
export * from './customers.ts';
export * from './messaging.ts';
export * from './settings.ts';
export * from './audit.ts';
export * from './reasonKinds.ts';
export * from './reasonCodes.ts';
export * from './money.ts';
export * from './registry.ts';
export * from './payouts.ts';
