/** The feedback feature: POST /api/users/feedback (the URL the users calls share). */
import fp from 'fastify-plugin';
import feedbackRoutes from './feedback.routes';

export default fp(
  async (app) => {
    await app.register(feedbackRoutes, { prefix: '/api/users' });
  },
  { name: 'feedback', fastify: '5.x', dependencies: ['db', 'auth', 'rate-limit'] },
);
