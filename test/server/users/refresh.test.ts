import { call, errorOf, loginAs, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

const refresh = (t: TestApp, refreshToken: string) => call(t, 'POST', '/api/users/refresh', { refreshToken });

describe.each(databasesUnderTest())('POST /api/users/refresh on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ refreshTokenTtlS: 3600 }, { database });
  });
  afterAll(() => t.close());

  it('rotates: new access and refresh tokens each time, the new access token works', async () => {
    const { session } = await verifiedUser(t);
    t.clock.advance(1000);
    const response = await refresh(t, session.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const pair = response.json().data;
    expect(Object.keys(pair).sort()).toEqual(['refreshToken', 'token']);
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expect(pair.token).not.toBe(session.token);
    expect((await call(t, 'GET', '/api/users/me', undefined, { token: pair.token })).statusCode).toBe(200);
    const stored = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(pair.refreshToken);
  });

  it('honours a rotated token within the 10 s grace (parallel tabs)', async () => {
    const { session } = await verifiedUser(t);
    const [a, b] = await Promise.all([refresh(t, session.refreshToken), refresh(t, session.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    t.clock.advance(9_000);
    expect((await refresh(t, session.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t, a.json().data.refreshToken)).statusCode).toBe(200);
  });

  it('rotate three times, replay the first: REFRESH_TOKEN_REUSED and the whole family is revoked', async () => {
    const { user, session } = await verifiedUser(t);
    const other = (await loginAs(t, user.userName, user.password)).json().data;
    const tokens = [session.refreshToken];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(11_000);
      const response = await refresh(t, tokens.at(-1)!);
      expect(response.statusCode).toBe(200);
      tokens.push(response.json().data.refreshToken);
    }
    t.clock.advance(11_000);
    const replay = await refresh(t, tokens[0]!);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', type: 'auth' });
    for (const token of tokens) {
      const response = await refresh(t, token);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('INVALID_REFRESH_TOKEN');
    }
    // Another login of the same person is another family and lives on.
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 INVALID_REFRESH_TOKEN for garbage, unknown and expired tokens', async () => {
    const { session } = await verifiedUser(t);
    for (const token of ['garbage', 'A'.repeat(43), '']) {
      const response = await refresh(t, token);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_REFRESH_TOKEN', type: 'auth' });
    }
    t.clock.advance(3600_000 + 1000);
    expect(errorOf(await refresh(t, session.refreshToken)).code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('answers 400 VALIDATION_ERROR without a refreshToken field', async () => {
    const response = await call(t, 'POST', '/api/users/refresh', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'refreshToken', message: 'is required' }]);
  });
});

describe('refresh per-IP limit', () => {
  it('answers the 151st refresh in 5 minutes from one address with 429 and Retry-After', async () => {
    const t = await buildTestApp({ rateLimits: true }, { smtp: false });
    for (let i = 0; i < 150; i += 1) expect((await refresh(t, 'garbage')).statusCode).toBe(401);
    const limited = await refresh(t, 'garbage');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(290);
    await t.close();
  });
});
