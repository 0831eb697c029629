/** Liveness and readiness: ready means the database answers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponses } from '@shared/contract/health';
import { serviceUnavailable } from '../../core/errors';
import { pingDatabase } from './health.repository';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: HealthResponses } }, async () => ({
    data: { status: 'ok' },
  }));

  app.get('/ready', { schema: { tags: ['health'], response: HealthResponses } }, async (request) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      throw serviceUnavailable('Database not reachable');
    }
    return { data: { status: 'ready' } };
  });
};

export default healthRoutes;
