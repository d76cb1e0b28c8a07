/** The home dashboard: its one call. */
import type { Area } from '../engine/area.ts';
import { registerDashboard } from './dashboardRoutes.ts';

export const homeArea: Area = { name: 'home', register: registerDashboard };
