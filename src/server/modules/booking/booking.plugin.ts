/**
 * The booking codes feature: its routes under /api/booking and the
 * service that calls the books.
 */
import fp from 'fastify-plugin';
import bookingRoutes from './booking.routes';
import { BookingService } from './booking.service';

export default fp(
  async (app) => {
    const service = new BookingService(app.db, {
      now: () => app.now(),
      urls: app.config.bookingUrls,
    });
    await app.register(bookingRoutes, { prefix: '/api/booking', service });
  },
  { name: 'booking', fastify: '5.x', dependencies: ['db', 'auth', 'rate-limit'] },
);
