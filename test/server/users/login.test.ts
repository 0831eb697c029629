import { call, errorOf, loginAs, registerUser, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

describe.each(databasesUnderTest())('POST /api/users/login on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database });
  });
  afterAll(() => t.close());

  it('logs in by username in any case, or by e-mail, and records the login time', async () => {
    const { user, session } = await verifiedUser(t);
    t.clock.advance(5_000);
    for (const name of [user.userName.toUpperCase(), ` ${user.userName} `, user.email.toUpperCase()]) {
      const response = await loginAs(t, name, user.password);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json().data;
      expect(data.user).toEqual(session.user);
      expect(typeof data.token).toBe('string');
      expect(data.refreshToken).not.toBe(session.refreshToken);
    }
    const me = await call(t, 'GET', '/api/users/me', undefined, { token: session.token });
    expect(Date.parse(me.json().data.lastLogin)).toBeGreaterThan(Date.parse(session.user.registrationDate) + 4_000);
  });

  it('answers 401 INVALID_USERNAME_OR_PASSWORD for a wrong password or an unknown name', async () => {
    const { user } = await verifiedUser(t);
    for (const [name, password] of [
      [user.userName, 'wrong password'],
      ['nobody_here', user.password],
    ]) {
      const response = await loginAs(t, name!, password!);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_USERNAME_OR_PASSWORD', type: 'auth' });
    }
  });

  it('answers 400 VALIDATION_ERROR for an empty name or password', async () => {
    const response = await call(t, 'POST', '/api/users/login', { username: '', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_ERROR');
  });

  it('answers ACCOUNT_NOT_VERIFIED only after the password matched, and mails a fresh code past the cooldown', async () => {
    const user = await registerUser(t);
    const wrong = await loginAs(t, user.userName, 'wrong password');
    expect(errorOf(wrong).code).toBe('INVALID_USERNAME_OR_PASSWORD');

    const early = await loginAs(t, user.userName, user.password);
    expect(early.statusCode).toBe(403);
    // The error says whether this login mailed a code, and when the next may go.
    expect(errorOf(early)).toEqual({
      code: 'ACCOUNT_NOT_VERIFIED',
      description: `Account not verified: ${user.email}`,
      type: 'auth',
      codeSent: false,
      resendAfterS: expect.any(Number),
      requestId: early.headers['x-request-id'],
    });
    expect((early.json() as { error: { resendAfterS: number } }).error.resendAfterS).toBeGreaterThan(50);
    // Within 60 s of the registration mail: no second mail.
    expect(t.smtp.messagesTo(user.email)).toHaveLength(1);

    t.clock.advance(61_000);
    const later = await loginAs(t, user.userName, user.password);
    expect(later.statusCode).toBe(403);
    expect(errorOf(later)).toMatchObject({ codeSent: true, resendAfterS: 60 });
    const mail = await t.smtp.waitForMail(user.email, { count: 2 });
    expect(mail.text).toContain('You tried to log in before verifying');
    const otp = await t.smtp.codeFor(user.email);
    expect((await call(t, 'POST', '/api/users/verify-email', { email: user.email, otp })).statusCode).toBe(200);
    expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
  });

  it('slows guesses after 5 failures in 15 minutes: each waits for its turn, and the right password gets in once it is due', async () => {
    const { user } = await verifiedUser(t);
    for (let i = 0; i < 5; i += 1) {
      expect(errorOf(await loginAs(t, user.userName, `wrong ${i}`)).code).toBe('INVALID_USERNAME_OR_PASSWORD');
    }
    const early = await loginAs(t, user.userName, user.password);
    expect(early.statusCode).toBe(429);
    expect(errorOf(early)).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit' });
    expect(Number(early.headers['retry-after'])).toBe(1);
    // Each further failure doubles the wait: 1 s, 2 s, 4 s …
    t.clock.advance(1_000);
    expect((await loginAs(t, user.userName, 'wrong again')).statusCode).toBe(401);
    const next = await loginAs(t, user.userName, 'wrong once more');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBe(2);
    t.clock.advance(2_000);
    expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
  });

  it('never makes the right password wait more than a minute, however many guesses came before', async () => {
    const { user } = await verifiedUser(t);
    for (let i = 0; i < 14; i += 1) {
      await loginAs(t, user.userName, `wrong ${i}`);
      t.clock.advance(60_000);
    }
    await loginAs(t, user.userName, 'the last wrong one');
    const early = await loginAs(t, user.userName, user.password);
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Early attempts are not counted and do not move the wait.
    t.clock.advance(30_000);
    expect((await loginAs(t, user.userName, 'early guess')).statusCode).toBe(429);
    t.clock.advance(30_000);
    expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const { user } = await verifiedUser(t);
    for (let i = 0; i < 5; i += 1) await loginAs(t, user.userName, 'wrong');
    t.clock.advance(15 * 60_000 + 1_000);
    for (let i = 0; i < 4; i += 1) await loginAs(t, user.userName, 'wrong');
    expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
  });
});

describe('login per-IP limit', () => {
  it('answers the 31st login in a minute from one address with 429 and Retry-After', async () => {
    const t = await buildTestApp({ rateLimits: true }, { smtp: false });
    for (let i = 0; i < 30; i += 1) expect((await loginAs(t, 'nobody', 'password1')).statusCode).toBe(401);
    const limited = await loginAs(t, 'nobody', 'password1');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    await t.close();
  });

  it('is off with RATE_LIMITS=off, while the per-account slowing still applies', async () => {
    const t = await buildTestApp({ rateLimits: false });
    for (let i = 0; i < 40; i += 1) expect((await loginAs(t, 'nobody', 'password1')).statusCode).toBe(401);
    const { user } = await verifiedUser(t);
    for (let i = 0; i < 10; i += 1) await loginAs(t, user.userName, 'wrong');
    expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(429);
    await t.close();
  });
});
