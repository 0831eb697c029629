/** POST /api/analytics/events; filled in with the accounts work. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const analyticsRoutes: FastifyPluginAsyncTypebox = async () => {};

export default analyticsRoutes;
