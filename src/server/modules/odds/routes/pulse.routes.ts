/**
 * GET /api/odds/pulse (bearer): one small answer an open dashboard polls instead of the odds,
 * summary, books' health and notification count. It carries
 * versions, not data: the odds version, the summary's ETag, a tag of the books' health and the
 * unread count. The answer has its own ETag, so an idle dashboard's poll is a 304; the client asks
 * again only for the part whose version moved.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { resolveCountry } from '@shared/lookups';
import { CountryQuery, type PulseDto, PulseResponses } from '@shared/contract/odds';
import { unauthorized, validationError } from '../../../core/errors';
import type { OddsService } from '../odds.service';
import { snapshotEntry } from '../snapshot/snapshot-entry';
import { readSourcesHealth } from '../sources/source-health';
import { sendEntry } from './snapshot-reply';

interface PulseRoutesOptions {
  service: OddsService;
  /** The person's unread notifications (the alerts feature answers it). */
  unread(userId: string): Promise<number>;
}

const tagOf = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

const pulseRoutes: FastifyPluginAsyncTypebox<PulseRoutesOptions> = async (app, { service, unread }) => {
  app.get(
    '/pulse',
    {
      onRequest: app.authenticate,
      schema: { tags: ['odds'], security: [{ bearer: [] }], querystring: CountryQuery, response: PulseResponses },
    },
    async (request, reply) => {
      const userId = request.user?.sub;
      if (!userId) throw unauthorized();
      const country = resolveCountry(request.query.country);
      if (!country) throw validationError('country', 'is not a known country');
      const [sources, count] = await Promise.all([readSourcesHealth(app.db, app.now()), unread(userId)]);
      const pulse: PulseDto = {
        odds: service.snapshot.version,
        summary: service.snapshot.summary(country.id)?.etag ?? '',
        sources: tagOf(sources),
        unread: count,
      };
      return sendEntry(request, reply, snapshotEntry(pulse));
    },
  );
};

export default pulseRoutes;
