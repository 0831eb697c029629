/**
 * Attack suite, sessions and accounts (docs/architecture.md#accounts): on SQLite and PostgreSQL.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { AuthSessionDto } from '@shared/contract/users';
import { call, errorOf, loginAs, registerUser, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { attackLog } from './attack-support';

const log = attackLog('sessions');

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(header: object, payload: object, key?: string): string {
  const head = `${b64(header)}.${b64(payload)}`;
  const signature = key === undefined ? '' : createHmac('sha256', key).update(head).digest('base64url');
  return `${head}.${signature}`;
}

async function until(check: () => Promise<boolean>, timeoutMs = 6_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe.each(databasesUnderTest())('sessions under attack on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database });
  });
  afterAll(() => t.close());

  const me = (token: string) => call(t, 'GET', '/api/users/me', undefined, { token });
  const refresh = (refreshToken: string) => call(t, 'POST', '/api/users/refresh', { refreshToken });
  const session = async (name: string, password: string): Promise<AuthSessionDto> =>
    (await loginAs(t, name, password)).json().data;

  it('rejects alg none, tampered claims, forged signatures and wrong token types', async () => {
    const { session: real } = await verifiedUser(t);
    const [header, payload] = real.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const attacks = [
      forge({ alg: 'none', typ: 'at+jwt' }, claims),
      forge({ alg: 'none' }, { ...claims, sub: 'someone-else' }),
      `${header}.${b64({ ...claims, username: 'admin' })}.${real.token.split('.')[2]}`,
      forge({ alg: 'HS256', typ: 'at+jwt' }, claims, 'a guessed secret that is long enough 0123456789'),
      forge({ alg: 'HS256', typ: 'at+jwt' }, claims, ''),
      forge({ alg: 'HS512', typ: 'at+jwt' }, claims, 'test-secret-that-is-long-enough-for-hs256-0123456789'),
      forge({ alg: 'HS256', typ: 'JWT' }, claims, 'test-secret-that-is-long-enough-for-hs256-0123456789'),
      forge(
        { alg: 'HS256', typ: 'at+jwt' },
        { ...claims, aud: 'elsewhere' },
        'test-secret-that-is-long-enough-for-hs256-0123456789',
      ),
      forge(
        { alg: 'HS256', typ: 'at+jwt' },
        { ...claims, exp: undefined },
        'test-secret-that-is-long-enough-for-hs256-0123456789',
      ),
      `${real.token}x`,
      real.token.slice(0, -2),
      'not.a.token',
      '',
    ];
    for (const token of attacks) {
      const response = log.sent(
        await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } }),
      );
      expect(response.statusCode).toBe(401);
    }
    expect((await me(real.token)).statusCode).toBe(200);
  });

  it('M2: 30 parallel wrong passwords evaluate at most 5; the right one in the burst does not lift the wait', async () => {
    const { user } = await verifiedUser(t);
    const burst = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => loginAs(t, user.userName, `wrong password ${i}`)),
      loginAs(t, user.userName, user.password),
    ]);
    log.count(burst.length);
    const wrong = burst.slice(0, 30);
    const evaluated = wrong.filter((r) => r.statusCode === 401).length;
    const refused = wrong.filter((r) => r.statusCode === 429).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated + refused).toBe(30);
    // The right password in the burst cleared none of the failures around it.
    const userId = (
      await t.db.selectFrom('users').select('id').where('username', '=', user.userName).executeTakeFirstOrThrow()
    ).id;
    const failures = await t.db.selectFrom('login_failures').select('id').where('user_id', '=', userId).execute();
    expect(failures).toHaveLength(evaluated);
    // Once its turn comes (at most a second here), the right password gets in: the burst slowed
    // guesses, it locked no one out.
    const after = log.sent(await loginAs(t, user.userName, user.password));
    if (after.statusCode === 429) {
      expect(errorOf(after).code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(after.headers['retry-after'])).toBe(1);
      t.clock.advance(1000);
      expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
    } else {
      expect(after.statusCode).toBe(200);
    }
  });

  it('L1: 20 parallel refreshes of one token answer one successor: one chain, and reuse still trips later', async () => {
    const { user, session: first } = await verifiedUser(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(first.refreshToken)));
    log.count(answers.length);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const successors = new Set(answers.map((a) => a.json().data.refreshToken as string));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as [string];
    const rows = await t.db
      .selectFrom('refresh_tokens')
      .select(['family_id'])
      .where('user_id', '=', first.user.id)
      .execute();
    expect(rows).toHaveLength(2);

    t.clock.advance(11_000);
    const reused = log.sent(await refresh(first.refreshToken));
    expect(errorOf(reused).code).toBe('REFRESH_TOKEN_REUSED');
    // The whole login ended: its successor and every access token of it.
    expect((await refresh(successor)).statusCode).toBe(401);
    expect((await me(answers[0]!.json().data.token)).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);
    // Another login of the same person is untouched.
    const other = await session(user.userName, user.password);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('L2: logout ends the login on the server, in this process and in another one', async () => {
    const { user } = await verifiedUser(t);
    const a = await session(user.userName, user.password);
    const b = await session(user.userName, user.password);
    const second = await buildTestApp({}, { db: t.db, smtp: false });
    try {
      const meThere = (token: string) =>
        second.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect((await meThere(a.token)).statusCode).toBe(200);

      const out = await call(t, 'POST', '/api/users/logout', { refreshToken: a.refreshToken }, { token: a.token });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      expect(log.sent(await me(a.token)).statusCode).toBe(401);
      expect(log.sent(await refresh(a.refreshToken)).statusCode).toBe(401);
      expect(await until(async () => (await meThere(a.token)).statusCode === 401)).toBe(true);
      log.count();
      // The other login goes on.
      expect((await me(b.token)).statusCode).toBe(200);
      expect((await refresh(b.refreshToken)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('L2: logout needs a bearer, and a foreign refresh token ends nothing of its owner', async () => {
    const { session: victim } = await verifiedUser(t);
    const { session: attacker } = await verifiedUser(t);
    const anonymous = log.sent(await call(t, 'POST', '/api/users/logout', { refreshToken: victim.refreshToken }));
    expect(anonymous.statusCode).toBe(401);
    const foreign = log.sent(
      await call(t, 'POST', '/api/users/logout', { refreshToken: victim.refreshToken }, { token: attacker.token }),
    );
    expect(foreign.statusCode).toBe(204);
    expect((await me(victim.token)).statusCode).toBe(200);
    expect((await refresh(victim.refreshToken)).statusCode).toBe(200);
    expect((await me(attacker.token)).statusCode).toBe(401);
  });

  it('change password: wrong current is 403, then other logins end and this one goes on', async () => {
    const { user, session: here } = await verifiedUser(t);
    const elsewhere = await session(user.userName, user.password);
    const change = (currentPassword: string, newPassword: string) =>
      call(t, 'POST', '/api/users/me/password', { currentPassword, newPassword }, { token: here.token });

    const wrong = log.sent(await change('not my password', 'a brand new passphrase'));
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).code).toBe('INVALID_USERNAME_OR_PASSWORD');
    expect(
      log.sent(
        await call(
          t,
          'POST',
          '/api/users/me/password',
          { currentPassword: user.password, newPassword: 'short' },
          { token: here.token },
        ),
      ).statusCode,
    ).toBe(400);
    const anonymous = log.sent(
      await call(t, 'POST', '/api/users/me/password', {
        currentPassword: user.password,
        newPassword: 'a brand new passphrase',
      }),
    );
    expect(anonymous.statusCode).toBe(401);

    expect((await change(user.password, 'a brand new passphrase')).statusCode).toBe(204);
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect(log.sent(await me(elsewhere.token)).statusCode).toBe(401);
    expect(log.sent(await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect(log.sent(await loginAs(t, user.userName, user.password)).statusCode).toBe(401);
    expect((await loginAs(t, user.userName, 'a brand new passphrase')).statusCode).toBe(200);
    const notice = await t.smtp.waitForMail(user.email, { count: 2 });
    expect(notice.subject).toBe('Your OddsMate password was changed');
  });

  it('wrong current passwords count toward the lockout', async () => {
    const { user, session: here } = await verifiedUser(t);
    for (let i = 0; i < 10; i += 1) {
      await call(
        t,
        'POST',
        '/api/users/me/password',
        { currentPassword: `guess ${i}`, newPassword: 'a brand new passphrase' },
        { token: here.token },
      );
    }
    log.count(10);
    const locked = log.sent(
      await call(
        t,
        'POST',
        '/api/users/me/password',
        { currentPassword: user.password, newPassword: 'a brand new passphrase' },
        { token: here.token },
      ),
    );
    expect(locked.statusCode).toBe(429);
  });

  it('delete account: password checked; the row, tokens and codes go; anonymous feedback and counts stay; a notice is mailed', async () => {
    const { user, session: here } = await verifiedUser(t);
    const other = await session(user.userName, user.password);
    await call(t, 'POST', '/api/users/feedback', { message: 'kept without my name' }, { token: here.token });
    const feedbackBefore = await t.db
      .selectFrom('feedback')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();

    const wrong = log.sent(
      await call(t, 'DELETE', '/api/users/me', { password: 'not mine at all' }, { token: here.token }),
    );
    expect(wrong.statusCode).toBe(403);
    const anonymous = log.sent(
      await t.app.inject({ method: 'DELETE', url: '/api/users/me', payload: { password: user.password } }),
    );
    expect(anonymous.statusCode).toBe(401);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: user.password },
      headers: { authorization: `Bearer ${here.token}` },
    });
    expect(gone.statusCode).toBe(204);
    const id = here.user.id;
    expect(await t.db.selectFrom('users').selectAll().where('id', '=', id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('login_failures').selectAll().where('user_id', '=', id).execute()).toHaveLength(0);
    const feedbackAfter = await t.db
      .selectFrom('feedback')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(feedbackAfter.n)).toBe(Number(feedbackBefore.n));

    for (const token of [here.token, other.token]) expect(log.sent(await me(token)).statusCode).toBe(401);
    expect(log.sent(await refresh(other.refreshToken)).statusCode).toBe(401);
    expect(log.sent(await loginAs(t, user.userName, user.password)).statusCode).toBe(401);
    const notice = await t.smtp.waitForMail(user.email, { count: 2 });
    expect(notice.subject).toBe('Your OddsMate account was deleted');
    // The name and address are free again.
    expect((await call(t, 'PUT', '/api/users/register', user)).statusCode).toBe(201);
  });

  it('export: everything about the person as an attachment, and no secret', async () => {
    const { user, session: here } = await verifiedUser(t);
    await loginAs(t, user.userName, 'a wrong password');
    const response = await call(t, 'GET', '/api/users/me/export', undefined, { token: here.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="oddsmate-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json().data;
    expect(data.account).toMatchObject({ username: user.userName, email: user.email.toLowerCase(), country: 1 });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.codes[0]).toMatchObject({ purpose: 'verify' });
    expect(data.failedLogins).toHaveLength(1);
    const text = response.body;
    for (const secret of ['scrypt$', here.refreshToken, here.token, 'code_hash', 'token_hash', 'password']) {
      expect(text).not.toContain(secret);
    }
    expect(log.sent(await call(t, 'GET', '/api/users/me/export')).statusCode).toBe(401);
  });

  it('flows: registration, unverified login and a repeated reset say whether a code went out', async () => {
    const user = await registerUser(t);
    const registered = await call(t, 'PUT', '/api/users/register', {
      ...user,
      userName: `${user.userName}x`,
      email: `x${user.email}`,
    });
    expect(registered.json()).toMatchObject({ data: { codeSent: true, resendAfterS: 60 } });
    const early = await loginAs(t, user.userName, user.password);
    expect(errorOf(early)).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED', codeSent: false });
    t.clock.advance(61_000);
    const later = await loginAs(t, user.userName, user.password);
    expect(errorOf(later)).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED', codeSent: true, resendAfterS: 60 });

    const first = await call(t, 'POST', '/api/users/forgot-password', { email: user.email });
    expect(first.json()).toEqual({ data: { codeSent: true, resendAfterS: 60 } });
    const again = await call(t, 'POST', '/api/users/forgot-password', { email: user.email });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.codeSent).toBe(false);
  });
});
