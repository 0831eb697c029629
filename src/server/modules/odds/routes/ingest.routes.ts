/**
 * POST /api/ingest: a feed pushes one normalized batch with
 * `Authorization: Bearer INGEST_TOKEN`. Without INGEST_TOKEN the endpoint is disabled.
 * The body is validated by the ingest pipeline itself — the same rules as the file import
 * and the demo feed, no coercion, unknown fields rejected — and a rejected batch answers
 * 400 INVALID_BATCH with the problems listed in `details`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorCode } from '@shared/errors';
import { ApiError, forbidden, unauthorized } from '../../../core/errors';
import { FeedBatchSchema, IngestResponses } from '@shared/contract/ingest';
import { BatchRejectedError } from '../ingest/ingest-pipeline';
import type { OddsService } from '../odds.service';

interface IngestRoutesOptions {
  service: OddsService;
  token: string | null;
}

/** A full week of every league from one bookmaker is ~0.3 MB; leave room. */
const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const digest = (text: string) => createHash('sha256').update(text).digest();

const ingestRoutes: FastifyPluginAsyncTypebox<IngestRoutesOptions> = async (app, { service, token }) => {
  const expected = token ? digest(token) : null;

  app.post(
    '/',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      // Documented here, enforced by the pipeline (see above).
      validatorCompiler: () => (value) => ({ value }),
      schema: {
        tags: ['odds'],
        security: [{ bearer: [] }],
        body: FeedBatchSchema,
        response: IngestResponses,
      },
      onRequest: async (request) => {
        if (!expected)
          throw forbidden(ErrorCode.INGEST_DISABLED, 'Push ingestion is disabled (INGEST_TOKEN is not set)');
        const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
        if (!given || !timingSafeEqual(digest(given), expected)) {
          throw unauthorized(ErrorCode.UNAUTHORIZED, 'Missing or wrong ingest token');
        }
      },
    },
    async (request) => {
      try {
        return { data: { run: await service.ingest(request.body, 'push') } };
      } catch (error) {
        if (error instanceof BatchRejectedError) {
          throw new ApiError(400, ErrorCode.INVALID_BATCH, error.message, 'validation', error.details);
        }
        throw error;
      }
    },
  );
};

export default ingestRoutes;
