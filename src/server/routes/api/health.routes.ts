/** Liveness and readiness (ARCHITECTURE §3): ready means the database answers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { serviceUnavailable } from '../../errors';
import { ErrorResponses } from '../schemas';

const Status = Type.Object({ data: Type.Object({ status: Type.String() }) });

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Status } } }, async () => ({
    data: { status: 'ok' },
  }));

  app.get('/ready', { schema: { tags: ['health'], response: { 200: Status, ...ErrorResponses } } }, async (request) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      throw serviceUnavailable('Database not reachable');
    }
    return { data: { status: 'ready' } };
  });
};

export default healthRoutes;
