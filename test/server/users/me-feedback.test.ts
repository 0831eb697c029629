import { SignJWT } from 'jose';
import { call, errorOf, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app';

describe.each(databasesUnderTest())('GET /api/users/me and POST /api/users/feedback on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ accessTokenTtlS: 60 }, { database });
  });
  afterAll(() => t.close());

  it('answers the profile of the token holder', async () => {
    const { user, session } = await verifiedUser(t);
    const response = await call(t, 'GET', '/api/users/me', undefined, { token: session.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: {
        username: user.userName,
        email: user.email,
        country: 1,
        registrationDate: session.user.registrationDate,
        lastLogin: expect.stringMatching(/Z$/),
      },
    });
  });

  it('answers 401 UNAUTHORIZED without a token or with a bad one, 401 TOKEN_EXPIRED after exp', async () => {
    const { session } = await verifiedUser(t);
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const now = Math.floor(t.clock.now() / 1000);
    const claims = { username: 'x', country: 1, ak: 'a'.repeat(24) };
    const wrongAudience = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(session.user.id)
      .setIssuer('oddsmate')
      .setAudience('someone-else')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    const wrongType = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('oddsmate')
      .setAudience('oddsmate-web')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${session.token.split('.')[1]}.`;
    const tampered = session.token.slice(0, -2) + (session.token.endsWith('AA') ? 'BB' : 'AA');

    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: `Basic ${session.token}` },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${wrongAudience}` },
      { authorization: `Bearer ${wrongType}` },
      { authorization: `Bearer ${unsigned}` },
      { authorization: `Bearer ${tampered}` },
    ]) {
      const response = await call(t, 'GET', '/api/users/me', undefined, { headers });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'UNAUTHORIZED', type: 'auth' });
    }

    expect((await call(t, 'GET', '/api/users/me', undefined, { token: session.token })).statusCode).toBe(200);
    t.clock.advance(61_000);
    const expired = await call(t, 'GET', '/api/users/me', undefined, { token: session.token });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toMatchObject({ code: 'TOKEN_EXPIRED', type: 'auth' });
  });

  it('stores feedback trimmed and anonymous: message and time only', async () => {
    const { session } = await verifiedUser(t);
    const marker = `Great app ${Date.now()}`;
    const response = await call(
      t,
      'POST',
      '/api/users/feedback',
      { message: `  ${marker}\n ` },
      { token: session.token },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: {} });
    const rows = await t.db.selectFrom('feedback').selectAll().where('message', '=', marker).execute();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'id', 'message']);
    expect(JSON.stringify(rows[0])).not.toContain(session.user.id);
  });

  it('answers 400 VALIDATION_ERROR for blank, too long or missing messages', async () => {
    const { session } = await verifiedUser(t);
    const exactly = 'x'.repeat(2000);
    expect(
      (await call(t, 'POST', '/api/users/feedback', { message: ` ${exactly} ` }, { token: session.token })).statusCode,
    ).toBe(201);
    for (const body of [{ message: '   \n\t ' }, { message: 'x'.repeat(2001) }, {}]) {
      const response = await call(t, 'POST', '/api/users/feedback', body, { token: session.token });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'message' }] });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await call(t, 'POST', '/api/users/feedback', { message: 'hello' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHORIZED');
  });

  it('accepts 10 messages an hour per user (with per-IP limits off), then 429 with Retry-After', async () => {
    expect(t.config.rateLimits).toBe(false);
    const { session } = await verifiedUser(t);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await call(t, 'POST', '/api/users/feedback', { message: `m${i}` }, { token: session.token })).statusCode,
      ).toBe(201);
    }
    const limited = await call(t, 'POST', '/api/users/feedback', { message: 'one more' }, { token: session.token });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    const someoneElse = (await verifiedUser(t)).session;
    expect(
      (await call(t, 'POST', '/api/users/feedback', { message: 'hi' }, { token: someoneElse.token })).statusCode,
    ).toBe(201);
  });
});
