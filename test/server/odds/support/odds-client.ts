/** Calling the odds API as the client does: a bearer access token and the shared signature. */
import { oddsSignature } from '@shared/signature';
import { accessTokenKey, signAccessToken } from '../../../../src/server/modules/accounts/access-token';
import type { App } from '../../../../src/server/app';
import { decodeJwtClaims } from '@shared/jwt';

/** An access token minted with the app's own signer and secret. */
export async function mintToken(app: App, ttlS = app.config.accessTokenTtlS): Promise<string> {
  return signAccessToken(
    accessTokenKey(app.config.jwtSecret),
    { id: 'usr_test', username: 'tester', country: 1 },
    app.now(),
    ttlS,
  );
}

export interface OddsQuery {
  country: string;
  competition: string;
  market: string;
}

/** The query string of GET /api/odds, signed with the token's `ak` as the client would. */
export function signedQuery(token: string, q: OddsQuery, k?: string): string {
  const ak = decodeJwtClaims(token)?.ak ?? '';
  const params = new URLSearchParams({ ...q, k: k ?? oddsSignature(ak, q.country, q.competition, q.market) });
  return params.toString();
}

export function getOdds(
  app: App,
  token: string | null,
  q: OddsQuery,
  k?: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'GET',
    url: `/api/odds?${signedQuery(token ?? '', q, k)}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}
