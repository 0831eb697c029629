/** The health feature: GET /api/health and /api/ready. */
import fp from 'fastify-plugin';
import healthRoutes from './health.routes';

export default fp(
  async (app) => {
    await app.register(healthRoutes, { prefix: '/api' });
  },
  { name: 'health', fastify: '5.x', dependencies: ['db'] },
);
