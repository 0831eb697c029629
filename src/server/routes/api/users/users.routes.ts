/** Users calls of ARCHITECTURE §3; filled in with the accounts work. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const usersRoutes: FastifyPluginAsyncTypebox = async () => {};

export default usersRoutes;
