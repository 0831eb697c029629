import { call, errorOf, loginAs, otherCode, registerUser, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { REVOCATION_POLL_MS } from '../../../src/server/modules/accounts/auth.plugin';
import { getOdds } from '../odds/support/odds-client';
import { buildTestApp, type TestApp } from '../support/test-app';

const forgot = (t: TestApp, email: string) => call(t, 'POST', '/api/users/forgot-password', { email });
const reset = (t: TestApp, email: string, otp: string, password: string) =>
  call(t, 'POST', '/api/users/reset-password', { email, otp, password });

describe.each(databasesUnderTest())('forgot and reset password on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ otpTtlS: 300 }, { database });
  });
  afterAll(() => t.close());

  async function resetCode(email: string): Promise<string> {
    const before = t.smtp.messagesTo(email).length;
    const response = await forgot(t, email);
    expect(response.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(email, { count: before + 1 });
    expect(mail.subject).toBe('Your OddsMate password reset code');
    return t.smtp.codeFor(email);
  }

  it('mails a code; reset sets the password, logs in, revokes every other session and sends a notice', async () => {
    const { user, session } = await verifiedUser(t);
    const second = (await loginAs(t, user.userName, user.password)).json().data;
    const otp = await resetCode(user.email);

    const response = await reset(t, user.email, otp, 'brand new password');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json().data;
    expect(data.user).toEqual(session.user);
    expect((await call(t, 'GET', '/api/users/me', undefined, { token: data.token })).statusCode).toBe(200);

    for (const old of [session.refreshToken, second.refreshToken]) {
      expect(errorOf(await call(t, 'POST', '/api/users/refresh', { refreshToken: old })).code).toBe(
        'INVALID_REFRESH_TOKEN',
      );
    }
    expect((await call(t, 'POST', '/api/users/refresh', { refreshToken: data.refreshToken })).statusCode).toBe(200);

    expect(errorOf(await loginAs(t, user.userName, user.password)).code).toBe('INVALID_USERNAME_OR_PASSWORD');
    expect((await loginAs(t, user.userName, 'brand new password')).statusCode).toBe(200);

    const notice = t.smtp.messagesTo(user.email).at(-1)!;
    expect(notice.subject).toBe('Your OddsMate password was changed');
    expect(notice.text).toContain('every other session was signed out');
    expect(notice.html).toContain('password was changed');
  });

  it('voids the access tokens of every other session at once, and in a second process within a poll', async () => {
    const second = await buildTestApp({}, { db: t.db, smtp: false });
    try {
      const { user, session } = await verifiedUser(t);
      const me = (app: TestApp, token: string) => call(app, 'GET', '/api/users/me', undefined, { token });
      const odds = (app: TestApp, token: string) =>
        getOdds(app.app, token, { country: '1', competition: '1', market: '1' });
      // Both processes have verified (and cached) the old token.
      expect((await me(t, session.token)).statusCode).toBe(200);
      expect((await me(second, session.token)).statusCode).toBe(200);
      expect((await odds(second, session.token)).statusCode).not.toBe(401);

      t.clock.advance(1000); // the reset happens in a later second than the old token's iat
      const otp = await resetCode(user.email);
      const fresh = (await reset(t, user.email, otp, 'brand new password')).json().data as { token: string };

      // Here: at once, on every authenticated route.
      const ended = await me(t, session.token);
      expect(ended.statusCode).toBe(401);
      expect(errorOf(ended)).toMatchObject({
        code: 'UNAUTHORIZED',
        description: 'This session has ended; please log in again',
      });
      expect(errorOf(await odds(t, session.token)).code).toBe('UNAUTHORIZED');
      expect((await me(t, fresh.token)).statusCode).toBe(200);

      // The other process learns it from the database within one poll (every 2 s).
      const deadline = Date.now() + 3 * REVOCATION_POLL_MS + 2000;
      let status = (await me(second, session.token)).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await me(second, session.token)).statusCode;
      }
      expect(status).toBe(401);
      expect(errorOf(await odds(second, session.token)).code).toBe('UNAUTHORIZED');
      expect((await me(second, fresh.token)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('answers 400 OTP_ALREADY_USED when the code comes back', async () => {
    const { user } = await verifiedUser(t);
    const otp = await resetCode(user.email);
    expect((await reset(t, user.email, otp, 'another password 1')).statusCode).toBe(200);
    const again = await reset(t, user.email, otp, 'another password 2');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'OTP_ALREADY_USED', type: 'validation' });
  });

  it('answers 400 INVALID_OTP for a wrong code or an unknown address, and OTP_EXPIRED after 5 tries', async () => {
    const { user } = await verifiedUser(t);
    const otp = await resetCode(user.email);
    expect(errorOf(await reset(t, 'nobody@example.com', otp, 'whatever pass')).code).toBe('INVALID_OTP');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await reset(t, user.email, otherCode(otp), 'whatever pass');
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong).code).toBe('INVALID_OTP');
    }
    expect(errorOf(await reset(t, user.email, otp, 'whatever pass')).code).toBe('OTP_EXPIRED');
  });

  it('answers 400 OTP_EXPIRED once OTP_TTL_S has passed', async () => {
    const { user } = await verifiedUser(t);
    const otp = await resetCode(user.email);
    t.clock.advance(301_000);
    const response = await reset(t, user.email, otp, 'whatever pass');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('OTP_EXPIRED');
  });

  it('answers 400 VALIDATION_ERROR for a new password shorter than 8', async () => {
    const response = await reset(t, 'someone@example.com', '123456', 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'password', message: 'must be at least 8 characters' }]);
  });

  it('answers 404 USER_NOT_FOUND for an unknown address; within the cooldown, codeSent false while a usable code is held, else 429', async () => {
    const missing = await forgot(t, 'nobody@example.com');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'USER_NOT_FOUND', type: 'not_found' });

    // Changed: asking again within the cooldown while holding a valid code opens
    // the code step (200, codeSent false) instead of dead-ending with 429.
    const { user } = await verifiedUser(t);
    const otp = await resetCode(user.email);
    const again = await forgot(t, user.email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { codeSent: false, resendAfterS: 60 } });
    expect(t.smtp.messagesTo(user.email).filter((m) => m.subject.includes('reset'))).toHaveLength(1);

    // With no usable code left (this one spent), the cooldown answers 429 as before.
    expect((await reset(t, user.email, otp, 'fresh password 10')).statusCode).toBe(200);
    const spent = await forgot(t, user.email);
    expect(spent.statusCode).toBe(429);
    expect(errorOf(spent).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(spent.headers['retry-after'])).toBe(60);
  });

  it('also verifies an account that never was, since the code proved the mailbox', async () => {
    const user = await registerUser(t);
    const otp = await resetCode(user.email);
    expect((await reset(t, user.email, otp, 'fresh password 9')).statusCode).toBe(200);
    expect((await loginAs(t, user.userName, 'fresh password 9')).statusCode).toBe(200);
  });
});

describe('forgot and reset per-IP limits', () => {
  it('answer the 31st call in 5 minutes from one address with 429 and Retry-After', async () => {
    const t = await buildTestApp({ rateLimits: true }, { smtp: false });
    for (let i = 0; i < 30; i += 1) {
      expect((await forgot(t, 'nobody@example.com')).statusCode).toBe(404);
      expect((await reset(t, 'nobody@example.com', '123456', 'password 123')).statusCode).toBe(400);
    }
    for (const response of [await forgot(t, 'x@example.com'), await reset(t, 'x@example.com', '123456', 'pass 1234')]) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(290);
    }
    await t.close();
  });
});
