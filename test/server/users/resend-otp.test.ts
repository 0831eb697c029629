import { call, errorOf, registerUser, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

const resend = (t: TestApp, email: string) => call(t, 'POST', '/api/users/resend-otp', { email });

describe.each(databasesUnderTest())('POST /api/users/resend-otp on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database });
  });
  afterAll(() => t.close());

  it('refuses within 60 s of the registration mail with 429 and the seconds left, then sends', async () => {
    const user = await registerUser(t);
    t.clock.advance(20_000);
    const early = await resend(t, user.email);
    expect(early.statusCode).toBe(429);
    expect(errorOf(early)).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit' });
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(39);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(40);
    expect(t.smtp.messagesTo(user.email)).toHaveLength(1);

    t.clock.advance(41_000);
    const ok = await resend(t, user.email.toUpperCase());
    expect(ok.statusCode).toBe(200);
    // The answer says a code went out and when the next may be asked for.
    expect(ok.json()).toEqual({ data: { codeSent: true, resendAfterS: 60 } });
    const mail = await t.smtp.waitForMail(user.email, { count: 2 });
    expect(mail.text).toContain('Here is a new verification code');
  });

  it('sends at most 5 codes an hour to an address', async () => {
    const user = await registerUser(t); // code 1
    for (let i = 2; i <= 5; i += 1) {
      t.clock.advance(61_000);
      expect((await resend(t, user.email)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await resend(t, user.email);
    expect(sixth.statusCode).toBe(429);
    // The oldest of the five leaves the hour window 60 min after it was sent.
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600 - 5 * 61 - 2);
    expect(retryAfter).toBeLessThanOrEqual(3600 - 5 * 61 + 1);
    t.clock.advance(retryAfter * 1000);
    expect((await resend(t, user.email)).statusCode).toBe(200);
  });

  it('answers 400 INVALID_EMAIL for a malformed or unknown address', async () => {
    for (const email of ['not-an-email', 'nobody@example.com']) {
      const response = await resend(t, email);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_EMAIL', type: 'validation' });
    }
  });

  it('answers 409 ALREADY_VERIFIED for a verified account', async () => {
    const { user } = await verifiedUser(t);
    t.clock.advance(61_000);
    const response = await resend(t, user.email);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('ALREADY_VERIFIED');
  });
});

describe('resend per-IP limit', () => {
  it('answers the 31st call in 5 minutes from one address with 429 and Retry-After', async () => {
    const t = await buildTestApp({ rateLimits: true }, { smtp: false });
    for (let i = 0; i < 30; i += 1) {
      expect((await resend(t, `nobody${i}@example.com`)).statusCode).toBe(400);
    }
    const limited = await resend(t, 'nobody@example.com');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(290);
    await t.close();
  });
});
