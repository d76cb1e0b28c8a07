/** The business settings: read and changed by section, with their effects. */
import type { Area } from '../engine/area.ts';
import { registerSettings } from './settingsRoutes.ts';

export const settingsArea: Area = { name: 'settings', register: registerSettings };

export { feesOfBooking, getSettings, unacceptedCurrency } from './settings.ts';
