/**
 * Authentication for routes: `app.verifyAccessToken(token)` answers the claims or throws a
 * 401 (UNAUTHORIZED, or TOKEN_EXPIRED); `app.authenticate` is the onRequest/preHandler hook
 * that reads the bearer header and sets `request.user`. Verified claims are cached until exp;
 * a token a password reset voided answers 401 UNAUTHORIZED from then on (revoked-sessions.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ErrorCode } from '@shared/errors';
import { type AccessClaims, accessTokenKey, verifyAccessTokenJwt } from './access-token';
import { ClaimsCache } from './claims-cache';
import { RevokedSessions } from './revoked-sessions';
import { unauthorized } from '../../core/errors';

declare module 'fastify' {
  interface FastifyInstance {
    verifyAccessToken(token: string): Promise<AccessClaims>;
    authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
    /** Access tokens voided by password resets, here and in other processes. */
    revokedSessions: RevokedSessions;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes that do not use it. */
    user: AccessClaims | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** How often a process reads the revocations other processes made. */
export const REVOCATION_POLL_MS = 2000;

const sessionEnded = () => unauthorized(ErrorCode.UNAUTHORIZED, 'This session has ended; please log in again');

export default fp(
  async (app) => {
    const key = accessTokenKey(app.config.jwtSecret);
    const cache = new ClaimsCache();
    const revoked = new RevokedSessions(app.config.accessTokenTtlS * 1000);
    app.decorate('revokedSessions', revoked);

    /** Claims of a token verified before, unless a password reset voided it since. */
    const fromCache = (token: string, now: number): AccessClaims | undefined => {
      const cached = cache.get(token, now);
      if (cached && revoked.voids(cached)) throw sessionEnded();
      return cached;
    };

    const verify = async (token: string, now: number): Promise<AccessClaims> => {
      const claims = await verifyAccessTokenJwt(key, token, now);
      cache.set(token, claims);
      if (revoked.voids(claims)) throw sessionEnded();
      return claims;
    };

    app.decorate('verifyAccessToken', (token: string): Promise<AccessClaims> => {
      const now = app.now();
      try {
        const cached = fromCache(token, now);
        return cached ? Promise.resolve(cached) : verify(token, now);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    });

    app.decorateRequest('user', null);

    // Callback style: a token seen before (every poll of an open dashboard) is answered from the
    // cache without a promise; only a first sight waits for the HMAC check.
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
      if (!token) {
        done(unauthorized(ErrorCode.UNAUTHORIZED, 'Missing bearer token'));
        return;
      }
      const now = app.now();
      let cached: AccessClaims | undefined;
      try {
        cached = fromCache(token, now);
      } catch (error) {
        done(error as Error);
        return;
      }
      if (cached) {
        request.user = cached;
        done();
        return;
      }
      verify(token, now).then(
        (claims) => {
          request.user = claims;
          done();
        },
        (error: Error) => done(error),
      );
    });

    let poller: NodeJS.Timeout | null = null;
    const poll = () => revoked.refresh(app.db, app.now());
    app.addHook('onReady', async () => {
      await poll();
      poller = setInterval(() => {
        poll().catch((error: unknown) => app.log.error({ err: error }, 'reading access revocations failed'));
      }, REVOCATION_POLL_MS);
      poller.unref();
    });
    app.addHook('onClose', async () => {
      if (poller) clearInterval(poller);
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['db'] },
);
