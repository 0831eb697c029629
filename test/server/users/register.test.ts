import { call, errorOf, newUser, registerUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

describe.each(databasesUnderTest())('PUT /api/users/register on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database });
  });
  afterAll(() => t.close());

  it('creates the account, answers 201 with the e-mail, and mails a code in text and HTML', async () => {
    const user = newUser({ email: 'Mixed.Case@Example.COM' });
    const response = await call(t, 'PUT', '/api/users/register', user);
    expect(response.statusCode).toBe(201);
    // The answer lets the client start the resend countdown at once.
    expect(response.json()).toEqual({ data: { email: 'mixed.case@example.com', codeSent: true, resendAfterS: 60 } });
    expect(response.headers['cache-control']).toBe('no-store');

    const mail = await t.smtp.waitForMail('mixed.case@example.com', { count: 1 });
    expect(mail.subject).toBe('Your OddsMate verification code');
    const code = await t.smtp.codeFor('mixed.case@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`Your code: ${code}`);
    expect(mail.text).toContain(`Hi ${user.userName},`);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('<h1');

    const stored = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'mixed.case@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.verified_at).toBeNull();
    expect(stored.password_hash).toMatch(/^scrypt\$\d+\$8\$2\$[\w-]+\$[\w-]+$/);
    expect(stored.password_hash).not.toContain(user.password);
    const codes = await t.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', stored.id).execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code_hash).not.toContain(code);
  });

  it('accepts the country as the slug "nigeria"', async () => {
    const response = await call(t, 'PUT', '/api/users/register', newUser({ country: 'nigeria' }));
    expect(response.statusCode).toBe(201);
  });

  it.each([
    [{ country: 2 }, 'country'],
    [{ country: 'kenya' }, 'country'],
    [{ country: 'atlantis' }, 'country'],
    [{ userName: 'ab' }, 'userName'],
    [{ userName: 'x'.repeat(31) }, 'userName'],
    [{ userName: 'has space' }, 'userName'],
    [{ email: 'not-an-email' }, 'email'],
    [{ password: 'short' }, 'password'],
    [{ password: 'p'.repeat(129) }, 'password'],
  ])('answers 400 VALIDATION_ERROR for %p on field %s', async (change, field) => {
    const response = await call(t, 'PUT', '/api/users/register', { ...newUser(), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation' });
    expect(body.error.details).toEqual([expect.objectContaining({ field })]);
  });

  it('answers 400 VALIDATION_ERROR naming a missing field', async () => {
    const { password: _unused, ...rest } = newUser();
    const response = await call(t, 'PUT', '/api/users/register', rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'password', message: 'is required' }]);
  });

  it('answers 409 EMAIL_IN_USE for a taken address in any case, even when unverified', async () => {
    const first = await registerUser(t);
    const response = await call(t, 'PUT', '/api/users/register', newUser({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'EMAIL_IN_USE', type: 'conflict' });
  });

  it('answers 409 USERNAME_IN_USE for a taken name in any case, even when unverified', async () => {
    const first = await registerUser(t);
    const response = await call(t, 'PUT', '/api/users/register', newUser({ userName: first.userName.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'USERNAME_IN_USE', type: 'conflict' });
  });

  it('lets exactly one of two parallel registrations of the same name win', async () => {
    const a = newUser();
    const b = newUser({ userName: a.userName });
    const responses = await Promise.all([
      call(t, 'PUT', '/api/users/register', a),
      call(t, 'PUT', '/api/users/register', b),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(responses.find((r) => r.statusCode === 409)!).code).toBe('USERNAME_IN_USE');
  });
});

describe('register per-IP limit', () => {
  it('answers the 21st registration from one address within an hour with 429 and Retry-After', async () => {
    const t = await buildTestApp(
      { rateLimits: true },
      { smtp: false, mailer: { kind: 'outbox', send: async () => {}, close: () => {} } },
    );
    for (let i = 0; i < 20; i += 1) {
      const ok = await call(t, 'PUT', '/api/users/register', newUser(), { remoteAddress: '203.0.113.7' });
      expect(ok.statusCode).toBe(201);
    }
    const limited = await call(t, 'PUT', '/api/users/register', newUser(), { remoteAddress: '203.0.113.7' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    const other = await call(t, 'PUT', '/api/users/register', newUser(), { remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(201);
    await t.close();
  });
});
