/**
 * `GET /branch/api/dashboard/?period=30|90`: the home page's figures for the caller,
 * the marketplace for staff and their own vendor for vendor staff (server/home/dashboard.ts).
 */
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../common/dashboard.ts';
import { dashboard } from './dashboard.ts';
import { badRequest } from '../errors.ts';
import { actorOf } from '../engine/actor.ts';
import { API_PREFIX } from '../engine/paths.ts';

export const DashboardQuery = Type.Object({ period: Type.Optional(Type.String()) }, { additionalProperties: false });

export function registerDashboard(app: FastifyInstance): void {
  app.get<{ Querystring: Static<typeof DashboardQuery> }>(
    `${API_PREFIX}/dashboard/`,
    { onRequest: [app.authenticate], schema: { querystring: DashboardQuery } },
    async (request) => {
      const period = Number(request.query.period ?? 30);
      if (!DASHBOARD_PERIODS.includes(period as DashboardPeriod)) throw badRequest({ period: ['Choose 30 or 90 days.'] });
      return dashboard(app.db, await actorOf(request, app.db), period as DashboardPeriod);
    },
  );
}
