import { REDACTED, sanitize, sanitizeString } from '../../../src/client/app/sanitize';
import { SECRETS, TOKEN } from './support/record-session';

const text = (value: unknown) => JSON.stringify(value);

describe('sanitize (action log and DevTools)', () => {
  it('removes login credentials from RTK Query args, keeping the username', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'login', originalArgs: { username: 'ada', password: SECRETS.password } } },
    };
    const clean = sanitize(action);
    expect(clean.meta.arg.originalArgs).toEqual({ username: 'ada', password: REDACTED });
    expect(text(clean)).not.toContain(SECRETS.password);
  });

  it('removes tokens, refresh tokens and one-time codes from answers and args', () => {
    const action = {
      type: 'api/executeMutation/fulfilled',
      payload: { user: { id: 'u1', username: 'ada' }, token: TOKEN, refreshToken: SECRETS.refreshToken },
      meta: { arg: { originalArgs: { email: 'ada@example.com', otp: SECRETS.otp, password: SECRETS.password } } },
    };
    const clean = text(sanitize(action));
    for (const secret of [TOKEN, SECRETS.ak, SECRETS.refreshToken, SECRETS.otp, SECRETS.password])
      expect(clean).not.toContain(secret);
    expect(clean).toContain('ada@example.com');
  });

  it('removes the ak claim, bearer headers and the k signature wherever they appear', () => {
    const request = new Request('http://localhost/api/odds?country=1&competition=1&market=1&k=3735928559', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const value = {
      claims: { ak: SECRETS.ak, exp: 4_102_444_800 },
      headers: { Authorization: `Bearer ${TOKEN}` },
      liveHeaders: new Headers({ authorization: 'Bearer abc.def' }),
      note: 'retrying with Bearer opaque-value-123',
      meta: { request, response: new Response(null, { status: 401 }) },
      params: { country: 1, competition: 1, market: 1, k: '3735928559' },
    };
    const clean = sanitize(value);
    expect(clean.claims).toEqual({ ak: REDACTED, exp: 4_102_444_800 });
    expect(clean.headers).toEqual({ Authorization: REDACTED });
    expect(clean.liveHeaders).toEqual({ authorization: REDACTED });
    expect(clean.note).toBe(`retrying with Bearer ${REDACTED}`);
    expect(clean.meta).toEqual({
      request: { method: 'GET', url: `http://localhost/api/odds?country=1&competition=1&market=1&k=${REDACTED}` },
      response: { status: 401, statusText: '', url: '' },
    });
    expect(clean.params).toEqual({ country: 1, competition: 1, market: 1, k: REDACTED });
    expect(text(clean)).not.toMatch(/3735928559|abc\.def|opaque-value|eyJ/);
  });

  it('keeps error codes and messages, removes only digit codes', () => {
    const state = {
      errors: {
        bySource: {
          reset: { code: 'INVALID_OTP', message: 'Invalid or expired verification code. Please try again.', at: 1 },
          register: { code: 'password', message: 'Password must be at least 8 characters long', at: 2 },
        },
      },
      rejected: { status: 401, code: 'AUTH_EXPIRED', message: 'Session expired. Please log in again.' },
      form: { code: '123456' },
    };
    const clean = sanitize(state);
    expect(clean.errors).toBe(state.errors);
    expect(clean.rejected).toBe(state.rejected);
    expect(clean.form).toEqual({ code: REDACTED });
  });

  it('scrubs serialized args inside cache keys and texts', () => {
    expect(sanitizeString('login({"password":"hunter22","username":"ada"})')).toBe(
      `login({"password":"${REDACTED}","username":"ada"})`,
    );
    expect(sanitizeString('verify({"email":"a@b.c","otp":"123456"})')).toBe(
      `verify({"email":"a@b.c","otp":"${REDACTED}"})`,
    );
    expect(sanitizeString(`token ${TOKEN} here`)).toBe(`token ${REDACTED} here`);
    const state = { mutations: { 'login({"password":"hunter22"})': { status: 'fulfilled' } } };
    expect(Object.keys(sanitize(state).mutations)).toEqual([`login({"password":"${REDACTED}"})`]);
  });

  it('returns clean branches as they are, is idempotent and yields plain JSON', () => {
    const clean = { router: { pathname: '/dashboard', search: '' }, list: [1, 2, { a: 'b' }], hasToken: true };
    expect(sanitize(clean)).toBe(clean);
    const messy: Record<string, unknown> = {
      when: new Date(0),
      fn: () => 1,
      big: BigInt(7),
      set: new Set([1]),
      err: new Error('boom'),
    };
    messy.self = messy;
    const once = sanitize(messy);
    expect(once).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      big: '7',
      set: [1],
      err: { name: 'Error', message: 'boom' },
      self: '[circular]',
    });
    expect(sanitize(once)).toEqual(once);
    expect(JSON.parse(JSON.stringify(once))).toEqual(once);
  });
});
