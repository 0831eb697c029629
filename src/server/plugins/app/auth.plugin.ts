/**
 * Authentication for routes: `app.verifyAccessToken(token)` answers the claims or throws a
 * 401 (UNAUTHORIZED, or TOKEN_EXPIRED); `app.authenticate` is the onRequest/preHandler hook
 * that reads the bearer header and sets `request.user`. Verified claims are cached until exp.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ErrorCode } from '@shared/errors';
import { type AccessClaims, accessTokenKey, verifyAccessTokenJwt } from '../../accounts/access-token';
import { ClaimsCache } from '../../accounts/claims-cache';
import { unauthorized } from '../../errors';
import { globalPlugin } from '../global-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    verifyAccessToken(token: string): Promise<AccessClaims>;
    authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes that do not use it. */
    user: AccessClaims | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export default globalPlugin('auth', async (app) => {
  const key = accessTokenKey(app.config.jwtSecret);
  const cache = new ClaimsCache();

  const verify = async (token: string, now: number): Promise<AccessClaims> => {
    const claims = await verifyAccessTokenJwt(key, token, now);
    cache.set(token, claims);
    return claims;
  };

  app.decorate('verifyAccessToken', (token: string): Promise<AccessClaims> => {
    const now = app.now();
    const cached = cache.get(token, now);
    return cached ? Promise.resolve(cached) : verify(token, now);
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
    const cached = cache.get(token, now);
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
});
