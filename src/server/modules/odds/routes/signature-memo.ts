/**
 * The `k` a GET /api/odds must carry, remembered per access token and query. An open
 * dashboard polls the same few (country, competition, market) with the same token, and the
 * signature (UTF-8 encoding, then FNV-1a) was the largest cost of the handler itself. Every
 * value comes from the shared `oddsSignature`; a token keeps at most `limit` combinations
 * (then its set starts over), and its set lives as long as the verified claims object does.
 */
import { oddsSignature } from '@shared/signature';
import type { AccessClaims } from '../../accounts/access-token';

export class SignatureMemo {
  private readonly byClaims = new WeakMap<AccessClaims, Map<string, string>>();

  constructor(private readonly limit = 16) {}

  /** oddsSignature(claims.ak, country, competition, market), for the values exactly as sent. */
  expected(claims: AccessClaims, country: string, competition: string, market: string): string {
    let known = this.byClaims.get(claims);
    if (!known) {
      known = new Map();
      this.byClaims.set(claims, known);
    }
    // Validated query values never contain '/', so the key names one combination only.
    const key = `${country}/${competition}/${market}`;
    let k = known.get(key);
    if (k === undefined) {
      if (known.size >= this.limit) known.clear();
      k = oddsSignature(claims.ak, country, competition, market);
      known.set(key, k);
    }
    return k;
  }
}
