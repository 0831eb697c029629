/**
 * Authentication for routes: `app.verifyAccessToken(token)` answers the claims or throws a
 * 401 (UNAUTHORIZED, or TOKEN_EXPIRED); `app.authenticate` is the preHandler that reads the
 * bearer header and sets `request.user`. Verified claims are cached until exp.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/errors';
import { type AccessClaims, accessTokenKey, verifyAccessTokenJwt } from '../../accounts/access-token';
import { ClaimsCache } from '../../accounts/claims-cache';
import { unauthorized } from '../../errors';
import { globalPlugin } from '../global-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    verifyAccessToken(token: string): Promise<AccessClaims>;
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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

  app.decorate('verifyAccessToken', async (token: string): Promise<AccessClaims> => {
    const now = app.now();
    const cached = cache.get(token, now);
    if (cached) return cached;
    const claims = await verifyAccessTokenJwt(key, token, now);
    cache.set(token, claims);
    return claims;
  });

  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw unauthorized(ErrorCode.UNAUTHORIZED, 'Missing bearer token');
    request.user = await app.verifyAccessToken(token);
  });
});
