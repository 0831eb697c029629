/** The analytics feature: POST /api/analytics/events. */
import fp from 'fastify-plugin';
import analyticsRoutes from './analytics.routes';

export default fp(
  async (app) => {
    await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  },
  { name: 'analytics', fastify: '5.x', dependencies: ['db', 'rate-limit'] },
);
