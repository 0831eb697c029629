import * as signature from '@shared/signature';
import type { AccessClaims } from '../../../src/server/modules/accounts/access-token';
import { SignatureMemo } from '../../../src/server/modules/odds/routes/signature-memo';

const claims = (ak: string): AccessClaims => ({ sub: 'u', username: 'n', country: 1, ak, iat: 0, exp: 2e9 });

describe('signature memo', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers what the shared oddsSignature answers, for the values exactly as sent', () => {
    const memo = new SignatureMemo();
    const a = claims('ak-one');
    const b = claims('ak-two');
    for (const [country, competition, market] of [
      ['1', '1', '1'],
      ['nigeria', '1', '1'],
      ['1', '01', '1'],
      ['1', '2', '8'],
    ] as const) {
      expect(memo.expected(a, country, competition, market)).toBe(
        signature.oddsSignature('ak-one', country, competition, market),
      );
      expect(memo.expected(b, country, competition, market)).toBe(
        signature.oddsSignature('ak-two', country, competition, market),
      );
    }
    expect(memo.expected(a, '1', '1', '1')).not.toBe(memo.expected(b, '1', '1', '1'));
  });

  it('hashes a combination once per token', () => {
    const memo = new SignatureMemo();
    const hash = jest.spyOn(signature, 'oddsSignature');
    const a = claims('ak-one');
    for (let i = 0; i < 5; i += 1) memo.expected(a, '1', '1', '1');
    memo.expected(a, '1', '1', '2');
    expect(hash).toHaveBeenCalledTimes(2);
    // Another token, even with equal claims, has its own set.
    memo.expected(claims('ak-one'), '1', '1', '1');
    expect(hash).toHaveBeenCalledTimes(3);
  });

  it('keeps at most its limit of combinations per token, starting over when full', () => {
    const memo = new SignatureMemo(2);
    const hash = jest.spyOn(signature, 'oddsSignature');
    const a = claims('ak-one');
    memo.expected(a, '1', '1', '1');
    memo.expected(a, '1', '1', '2');
    memo.expected(a, '1', '1', '3');
    expect(hash).toHaveBeenCalledTimes(3);
    memo.expected(a, '1', '1', '1');
    expect(hash).toHaveBeenCalledTimes(4);
    memo.expected(a, '1', '1', '3');
    expect(hash).toHaveBeenCalledTimes(4);
  });
});
