/** The home dashboard's one call (server/home/dashboardRoutes.ts). */
import type { Dashboard, DashboardPeriod } from '../../common/dashboard.ts';
import { apiClient } from './apiClientHolder.ts';

export function fetchDashboard(period: DashboardPeriod, signal?: AbortSignal): Promise<Dashboard> {
  return apiClient().get('/branch/api/dashboard/', { params: { period }, signal, quiet: true });
}
