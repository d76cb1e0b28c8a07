/**
 * GET /branch/api/reviews/ratings/?service_id=&vendor_id= -> {results: [{service_id,
 * title_i18n, count, average, distribution: [1★, 2★, 3★, 4★, 5★]}]}: approved reviews per
 * service the caller may see (a vendor its own), the most reviewed first.
 */
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { collection } from '../../common/registry.ts';
import { serviceRatings } from './reviews.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, guarded } from '../engine/resources.ts';

export const RatingsQuery = Type.Object(
  { service_id: Type.Optional(Type.String({ format: 'uuid' })), vendor_id: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

export function registerReviewRatings(app: FastifyInstance): void {
  app.get<{ Querystring: Static<typeof RatingsQuery> }>(
    `${API_PREFIX}/reviews/ratings/`,
    { ...guarded(app, collection('reviews'), 'list'), schema: { querystring: RatingsQuery } },
    async (request) => {
      const { actor } = await context(app, request);
      return { results: await serviceRatings(app.db, actor, request.query) };
    },
  );
}
