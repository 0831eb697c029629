/**
 * Attack suite, hostile input (docs/architecture.md#accounts): control
 * characters in every string field of every route, type coercion, e-mail addresses that smuggle
 * a second mailbox, common passwords, oversized, deeply nested and content-coded bodies, prototype keys,
 * SQL in names. Each runs on SQLite and PostgreSQL.
 */
import { gzipSync } from 'node:zlib';
import { MSG } from '@shared/messages';
import { loadConfig } from '../../../src/server/core/config';
import { call, errorOf, newUser, registerUser, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch } from '../odds/support/batches';
import { attackLog } from './attack-support';

const INGEST_TOKEN = 'an-ingest-token-long-enough';
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u001b[31m', '\r', '\u000b', '\u000c', '\u007f'];

const log = attackLog('input');

describe.each(databasesUnderTest())('hostile input on $name', (database) => {
  let t: TestApp;
  let token: string;
  let refreshToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ ingestToken: INGEST_TOKEN }, { database });
    const { session } = await verifiedUser(t);
    token = session.token;
    refreshToken = session.refreshToken;
  });
  afterAll(() => t.close());

  type Method = 'POST' | 'PUT' | 'DELETE';
  const send = (method: Method, url: string, payload: unknown, bearer?: string) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(url === '/api/ingest' ? { authorization: `Bearer ${INGEST_TOKEN}` } : {}),
      },
    });

  it('M1: a control character in any string field answers 400 VALIDATION_ERROR, never 500', async () => {
    const user = newUser();
    const batch = () => goodBatch() as unknown as { events: Array<{ home: string; away: string }> };
    const targets: Array<[Method, string, (bad: string) => unknown, boolean?]> = [
      ['PUT', '/api/users/register', (bad) => ({ ...user, userName: `user${bad}x` })],
      ['PUT', '/api/users/register', (bad) => ({ ...user, email: `a${bad}@example.com` })],
      ['PUT', '/api/users/register', (bad) => ({ ...user, password: `long password ${bad}` })],
      ['PUT', '/api/users/register', (bad) => ({ ...user, country: `nigeria${bad}` })],
      ['POST', '/api/users/login', (bad) => ({ username: `name${bad}`, password: 'whatever pass' })],
      ['POST', '/api/users/login', (bad) => ({ username: 'name', password: `pass${bad}word` })],
      ['POST', '/api/users/verify-email', (bad) => ({ email: `a${bad}@example.com`, otp: '123456' })],
      ['POST', '/api/users/verify-email', (bad) => ({ email: 'a@example.com', otp: `12345${bad}` })],
      ['POST', '/api/users/resend-otp', (bad) => ({ email: `a@example.com${bad}` })],
      ['POST', '/api/users/forgot-password', (bad) => ({ email: `${bad}a@example.com` })],
      [
        'POST',
        '/api/users/reset-password',
        (bad) => ({ email: 'a@example.com', otp: '123456', password: `p${bad}assword long` }),
      ],
      ['POST', '/api/users/refresh', (bad) => ({ refreshToken: `${refreshToken}${bad}` })],
      ['POST', '/api/users/feedback', (bad) => ({ message: `hello ${bad} there` }), true],
      ['POST', '/api/users/logout', (bad) => ({ refreshToken: `x${bad}` }), true],
      [
        'POST',
        '/api/users/me/password',
        (bad) => ({ currentPassword: `a${bad}`, newPassword: 'a new long password' }),
        true,
      ],
      ['DELETE', '/api/users/me', (bad) => ({ password: `a${bad}` }), true],
      [
        'POST',
        '/api/analytics/events',
        (bad) => ({ events: [{ name: 'page_view', country: null, path: `/${bad}`, at: new Date().toISOString() }] }),
      ],
      [
        'POST',
        '/api/ingest',
        (bad) => {
          const b = batch();
          b.events[0]!.home = `Arsenal${bad}`;
          return b;
        },
      ],
      [
        'POST',
        '/api/ingest',
        (bad) => {
          const b = batch();
          b.events[1]!.away = `${bad}Fulham`;
          return b;
        },
      ],
    ];
    for (const [method, url, make, bearer] of targets) {
      for (const bad of CONTROLS) {
        const response = log.sent(await send(method, url, make(bad), bearer ? token : undefined));
        if (response.statusCode !== 400 || errorOf(response).code !== 'VALIDATION_ERROR') {
          throw new Error(
            `${method} ${url} with ${JSON.stringify(bad)} answered ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    // A key holding a control character is refused too.
    const keyed = log.sent(await send('POST', '/api/users/login', { username: 'a', password: 'b', 'x\u0000': 1 }));
    expect(keyed.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('M1: tab and newline pass only where text may span lines (the feedback message)', async () => {
    const ok = await send('POST', '/api/users/feedback', { message: 'line one\n\tline two' }, token);
    expect(ok.statusCode).toBe(201);
    const tabInName = log.sent(await send('POST', '/api/users/login', { username: 'a\tb', password: 'x' }));
    expect(errorOf(tabInName).code).toBe('VALIDATION_ERROR');
    const newlineInEmail = log.sent(await send('POST', '/api/users/forgot-password', { email: 'a@b.com\n' }));
    expect(errorOf(newlineInEmail).code).toBe('VALIDATION_ERROR');
  });

  it('L4: body values are never coerced to the schema type', async () => {
    const cases: Array<[Method, string, unknown]> = [
      ['POST', '/api/users/verify-email', { email: 'a@example.com', otp: ['123456'] }],
      ['POST', '/api/users/verify-email', { email: 'a@example.com', otp: 123456 }],
      ['PUT', '/api/users/register', { ...newUser(), country: true }],
      ['PUT', '/api/users/register', { ...newUser(), country: [1] }],
      ['PUT', '/api/users/register', { ...newUser(), country: 1.5 }],
      ['POST', '/api/users/login', { username: 12345678, password: 'whatever pass' }],
      ['POST', '/api/users/login', { username: 'name', password: 12345678 }],
      ['POST', '/api/users/login', { username: ['name'], password: ['pw'] }],
      ['POST', '/api/users/login', { username: null, password: null }],
      ['POST', '/api/users/refresh', { refreshToken: true }],
      ['POST', '/api/users/resend-otp', { email: ['a@example.com'] }],
    ];
    for (const [method, url, payload] of cases) {
      const response = log.sent(await send(method, url, payload));
      expect([response.statusCode, errorOf(response).code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('M3: only one plain addr-spec e-mail address is accepted', async () => {
    const smuggled = [
      'x1<victim@example.com>',
      'Victim <victim@example.com>',
      '"victim"@example.com',
      'a,victim@example.com',
      'a@example.com,victim@example.com',
      'a@example.com victim@example.com',
      'a(comment)@example.com',
      'a;b@example.com',
      'a:b@example.com',
      'victim@example.com>',
      'victim@[127.0.0.1]',
      'a..b@example.com',
      '.a@example.com',
      'a@example',
      'a@-example.com',
      'a\\b@example.com',
    ];
    for (const email of smuggled) {
      const register = log.sent(await call(t, 'PUT', '/api/users/register', newUser({ email })));
      expect([email, register.statusCode, errorOf(register).code]).toEqual([email, 400, 'VALIDATION_ERROR']);
      const forgot = log.sent(await call(t, 'POST', '/api/users/forgot-password', { email }));
      expect([email, forgot.statusCode]).toEqual([email, 400]);
      const resend = log.sent(await call(t, 'POST', '/api/users/resend-otp', { email }));
      expect([email, resend.statusCode, errorOf(resend).code]).toEqual([email, 400, 'INVALID_EMAIL']);
    }
    expect(t.smtp.messages.filter((m) => m.to.some((to) => to.includes('victim')))).toHaveLength(0);
    // Plain addresses with the characters a dot-atom allows still register.
    const plain = newUser({ email: `o'brien+odds.${process.pid}@mail.example.co.uk` });
    expect((await call(t, 'PUT', '/api/users/register', plain)).statusCode).toBe(201);
  });

  it('L7: common passwords are refused with the product message on register, reset and change', async () => {
    const common = [
      'password',
      '12345678',
      'Password',
      'qwertyuiop',
      'iloveyou',
      'football',
      '        ',
      'aaaaaaaa',
      '11111111',
    ];
    for (const password of common) {
      const response = log.sent(await call(t, 'PUT', '/api/users/register', newUser({ password })));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_ERROR', description: MSG.passwordTooCommon });
    }
    expect(MSG.passwordTooCommon).toBe('This password is too common. Please choose another.');

    const user = await registerUser(t);
    await call(t, 'POST', '/api/users/forgot-password', { email: user.email });
    const otp = await t.smtp.waitForCode(user.email, { count: 2 });
    const reset = log.sent(
      await call(t, 'POST', '/api/users/reset-password', { email: user.email, otp, password: 'password1' }),
    );
    expect(errorOf(reset)).toMatchObject({ code: 'VALIDATION_ERROR', description: MSG.passwordTooCommon });
    // The refused password did not spend the code.
    const good = await call(t, 'POST', '/api/users/reset-password', {
      email: user.email,
      otp,
      password: 'a sturdy new passphrase',
    });
    expect(good.statusCode).toBe(200);

    const change = log.sent(
      await send('POST', '/api/users/me/password', { currentPassword: 'whatever', newPassword: 'letmein1' }, token),
    );
    expect(errorOf(change)).toMatchObject({ code: 'VALIDATION_ERROR', description: MSG.passwordTooCommon });
  });

  it('what already held: SQL in names, prototype keys, oversized and deeply nested bodies, non-JSON', async () => {
    for (const username of ["' OR '1'='1", "admin'--", '"; DROP TABLE users; --', '%', '_']) {
      const response = log.sent(await call(t, 'POST', '/api/users/login', { username, password: 'whatever pass' }));
      expect(response.statusCode).toBe(401);
    }
    const proto = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload:
          '{"username":"a","password":"b","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      }),
    );
    expect(proto.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();

    const big = log.sent(
      await call(t, 'POST', '/api/users/login', { username: 'a', password: 'x'.repeat(300 * 1024) }),
    );
    expect([big.statusCode, errorOf(big).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);

    for (const depth of [1_000, 100_000]) {
      const nested = log.sent(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          headers: { 'content-type': 'application/json' },
          payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
        }),
      );
      expect(nested.statusCode).toBe(400);
      const deepObject = log.sent(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/feedback',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: `{"message":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
        }),
      );
      expect(deepObject.statusCode).toBeLessThan(500);
    }
    const text = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      }),
    );
    expect(text.statusCode).toBe(415);
    const broken = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      }),
    );
    expect(broken.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('a body in a content coding the server does not read answers 415, whatever its bytes', async () => {
    const body = '{"username":"someone","password":"not-the-password"}';
    for (const coding of ['gzip', 'br', 'deflate', 'x-unknown', 'gzip, identity']) {
      const res = log.sent(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          headers: { 'content-type': 'application/json', 'content-encoding': coding },
          // A plain body labelled as coded was read as it was; a really coded one was 400 "malformed".
          payload: coding === 'gzip' ? gzipSync(body) : body,
        }),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        description: 'Send the request body without a content coding',
        details: [{ field: 'content-encoding', message: 'must be identity' }],
      });
    }
    // Identity, in any case, is no coding; and a request without a body is not refused for the header.
    const identity = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json', 'content-encoding': 'Identity' },
        payload: body,
      }),
    );
    expect(identity.statusCode).toBe(401);
    const bodiless = log.sent(
      await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'content-encoding': 'gzip' } }),
    );
    expect(bodiless.statusCode).toBe(200);
  });

  it('a JSON body that is not UTF-8 answers 400 and stores nothing; real UTF-8 passes as sent', async () => {
    const marker = `utf8-${Date.now()}`;
    const bytes = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    // Latin-1 'é', a lone continuation byte, an overlong '/', an encoded surrogate, a cut sequence.
    const broken = [[0xe9], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]];
    for (const bad of broken) {
      const res = log.sent(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/feedback',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          // These bytes were read as U+FFFD and the message stored with it.
          payload: bytes(`{"message":"${marker} caf`, bad, ' here"}'),
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        description: 'Invalid request: body is not valid UTF-8',
        details: [{ field: 'body', message: 'is not valid UTF-8' }],
      });
      expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
    }
    const login = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: bytes('{"username":"caf', [0xe9], '","password":"not-the-password"}'),
      }),
    );
    expect(login.statusCode).toBe(400);
    const stored = () => t.db.selectFrom('feedback').select('message').where('message', 'like', `${marker}%`).execute();
    expect(await stored()).toEqual([]);

    // Multi-byte text (accents, the naira sign, an emoji), a body with a byte-order mark, and a
    // body cut in the middle of its JSON still answer as before.
    const text = `${marker} café ₦1,000 ⚽ 😀`;
    const ok = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/feedback',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: bytes([0xef, 0xbb, 0xbf], JSON.stringify({ message: text })),
      }),
    );
    expect(ok.statusCode).toBeLessThan(300);
    expect(await stored()).toEqual([{ message: text }]);
    const cut = log.sent(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":"café',
      }),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.description).toBe('Malformed request');
  });

  it('ingest keeps its own errors for a well-formed but wrong batch (fixture time)', async () => {
    t.clock.advance(FIXTURE_NOW - t.clock.now());
    const b = goodBatch() as unknown as { events: Array<{ home: string }> };
    b.events[0]!.home = '   ';
    const response = log.sent(await send('POST', '/api/ingest', b));
    expect(response.statusCode).toBe(400);
  });
});

describe('API_DOCS', () => {
  it('serves the OpenAPI document only when on; on by default except in production', async () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'sqlite::memory:', DATA_DIR: '/tmp/oddsmate-attack' };
    expect(loadConfig({ ...base }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'off' }).apiDocs).toBe(false);

    const off = await buildTestApp({ apiDocs: false }, { smtp: false });
    const response = log.sent(await off.app.inject({ url: '/api/docs/json' }));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
    await off.close();
    const on = await buildTestApp({ apiDocs: true }, { smtp: false });
    expect((await on.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    await on.close();
  });
});
