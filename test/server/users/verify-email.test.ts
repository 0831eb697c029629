import { decodeProtectedHeader, jwtVerify } from 'jose';
import { call, errorOf, otherCode, registerUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app';

const verify = (t: TestApp, email: string, otp: string) => call(t, 'POST', '/api/users/verify-email', { email, otp });

describe.each(databasesUnderTest())('POST /api/users/verify-email on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ otpTtlS: 120 }, { database });
  });
  afterAll(() => t.close());

  it('verifies with the e-mailed code and logs the person in with a well-formed session', async () => {
    const user = await registerUser(t);
    const otp = await t.smtp.codeFor(user.email);
    const response = await verify(t, user.email.toUpperCase(), otp);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { user: dto, token, refreshToken } = response.json().data;
    expect(dto).toEqual({
      id: expect.any(String),
      username: user.userName,
      country: 1,
      registrationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(TEST_JWT_SECRET), {
      algorithms: ['HS256'],
      issuer: 'oddsmate',
      audience: 'oddsmate-web',
      currentDate: new Date(t.clock.now()),
    });
    expect(payload).toMatchObject({ sub: dto.id, username: user.userName, country: 1 });
    expect(payload.exp! - payload.iat!).toBe(t.config.accessTokenTtlS);
    expect(Buffer.from(String(payload.ak), 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(String(payload.ak)).toMatch(/^[A-Za-z0-9_-]+$/);

    const me = await call(t, 'GET', '/api/users/me', undefined, { token });
    expect(me.json().data.email).toBe(user.email);
  });

  it('answers 400 INVALID_VERIFICATION_CODE for a wrong, malformed or unknown code', async () => {
    const user = await registerUser(t);
    const otp = await t.smtp.codeFor(user.email);
    for (const [email, code] of [
      [user.email, otherCode(otp)],
      [user.email, '12ab56'],
      [user.email, ''],
      ['nobody@example.com', otp],
    ] as const) {
      const response = await verify(t, email, code);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', type: 'validation' });
    }
    expect((await verify(t, user.email, otp)).statusCode).toBe(200);
  });

  it('answers 400 VERIFICATION_CODE_EXPIRED once OTP_TTL_S has passed', async () => {
    const user = await registerUser(t);
    const otp = await t.smtp.codeFor(user.email);
    t.clock.advance(121_000);
    const response = await verify(t, user.email, otp);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('kills the code after 5 wrong tries: the right code then answers VERIFICATION_CODE_EXPIRED', async () => {
    const user = await registerUser(t);
    const otp = await t.smtp.codeFor(user.email);
    for (let i = 0; i < 5; i += 1) {
      expect(errorOf(await verify(t, user.email, otherCode(otp))).code).toBe('INVALID_VERIFICATION_CODE');
    }
    expect(errorOf(await verify(t, user.email, otp)).code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('never lets more than 5 of 50 parallel wrong codes be checked', async () => {
    const user = await registerUser(t);
    const otp = await t.smtp.codeFor(user.email);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verify(t, user.email, String((Number(otp) + 1 + i) % 1e6).padStart(6, '0'))),
    );
    const codes = responses.map((r) => errorOf(r).code);
    expect(codes.filter((c) => c === 'INVALID_VERIFICATION_CODE').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 'INVALID_VERIFICATION_CODE').every((c) => c === 'VERIFICATION_CODE_EXPIRED')).toBe(
      true,
    );
    expect(errorOf(await verify(t, user.email, otp)).code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('voids an older code when a new one is sent', async () => {
    const user = await registerUser(t);
    const first = await t.smtp.codeFor(user.email);
    t.clock.advance(61_000);
    expect((await call(t, 'POST', '/api/users/resend-otp', { email: user.email })).statusCode).toBe(200);
    await t.smtp.waitForMail(user.email, { count: 2 });
    const second = await t.smtp.codeFor(user.email);
    if (first !== second) expect(errorOf(await verify(t, user.email, first)).code).toBe('INVALID_VERIFICATION_CODE');
    expect((await verify(t, user.email, second)).statusCode).toBe(200);
  });

  it('answers 409 ALREADY_VERIFIED to a verified account, with the used code or any other', async () => {
    const user = await registerUser(t);
    const otp = await t.smtp.codeFor(user.email);
    expect((await verify(t, user.email, otp)).statusCode).toBe(200);
    for (const code of [otp, otherCode(otp)]) {
      const again = await verify(t, user.email, code);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toMatchObject({ code: 'ALREADY_VERIFIED', type: 'conflict' });
    }
  });
});
