/**
 * GET /api/odds/sources (public): each bookmaker's health as the live collector last wrote it
 *. Every process reads the same table, so any API process answers alike.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SourcesResponses } from '@shared/contract/sources';
import { readSourcesHealth } from '../sources/source-health';

const sourcesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: { tags: ['odds'], response: SourcesResponses } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { data: { sources: await readSourcesHealth(app.db, app.now()) } };
  });
};

export default sourcesRoutes;
