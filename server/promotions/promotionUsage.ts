/**
 * How much a promotion is used:
 *   GET /branch/api/coupons/<id>/usage/?page=&page_size=
 *   GET /branch/api/discounts/<id>/usage/?page=&page_size=
 *   GET /branch/api/deals/<id>/usage/?page=&page_size=
 * -> uses, distinct customers, and per currency the revenue of the bookings (their totals)
 * and the discount given, split between the platform and the vendor; then a page of the
 * bookings that used it. Declined, expired and cancelled bookings are not counted. A
 * promotion the caller may not see is a 404; a vendor counts its own bookings only.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { collection } from '../../common/registry.ts';
import { promotionUsage, type UsageQuery } from './promotions.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';

const UsageQuerySchema = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: false },
);

export function registerPromotionUsage(app: FastifyInstance): void {
  for (const [name, kind] of [['coupons', 'coupon'], ['discounts', 'discount'], ['deals', 'deal']] as const) {
    const spec = collection(name);
    app.get<{ Params: { id: string }; Querystring: UsageQuery }>(
      `${API_PREFIX}/${name}/:id/usage/`,
      { ...guarded(app, spec, 'read'), schema: { querystring: UsageQuerySchema } },
      async (request) => {
        const { actor } = await context(app, request);
        await loadOr404(app.db, spec, request.params.id, actor);
        return promotionUsage(app.db, actor, kind, request.params.id, request.query);
      },
    );
  }
}
