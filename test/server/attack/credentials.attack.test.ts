/**
 * Attack suite, credentials (docs/architecture.md#accounts; issue D1, D1b, D9, lockout): on SQLite and
 * PostgreSQL. A login that checked the old password while a reset or change commits must not
 * keep a session; a token issued in the reset's own second must not survive it; common-pattern
 * and personal passwords are refused; failed logins slow a stranger without locking the owner out.
 */
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@shared/messages';
import { call, errorOf, loginAs, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { attackLog } from './attack-support';

const log = attackLog('credentials');

const TRIALS = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databasesUnderTest())('credentials under attack on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // A real (if small) hash cost, so the login's check and the reset overlap as they do in production.
    t = await buildTestApp({ scryptN: 2 ** 11, otpTtlS: 3600 }, { database });
  });
  afterAll(() => t.close());

  const me = (token: string) => call(t, 'GET', '/api/users/me', undefined, { token });
  const refresh = (refreshToken: string) => call(t, 'POST', '/api/users/refresh', { refreshToken });

  /** A login that answered 200 must be a live login only if it may be: `mayLive` false means it must be dead. */
  async function expectEnded(response: LightMyRequestResponse): Promise<void> {
    if (response.statusCode !== 200) return;
    const session = response.json().data as { token: string; refreshToken: string };
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  }

  it(`D1: login with the old password racing a reset keeps no session (${TRIALS} trials)`, async () => {
    const { user } = await verifiedUser(t);
    let password = user.password;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      // Past the resend cooldown and the hourly cap of 5 codes.
      t.clock.advance(13 * 60_000);
      const before = t.smtp.messagesTo(user.email).length;
      expect((await call(t, 'POST', '/api/users/forgot-password', { email: user.email })).statusCode).toBe(200);
      await t.smtp.waitForMail(user.email, { count: before + 1 });
      const otp = t.smtp.latestCode(user.email);
      const next = `a fresh passphrase number ${trial}`;
      const [reset, login] = await Promise.all([
        call(t, 'POST', '/api/users/reset-password', { email: user.email, otp, password: next }),
        sleep(trial % 4).then(() => loginAs(t, user.userName, password)),
      ]);
      log.count();
      expect(reset.statusCode).toBe(200);
      await expectEnded(login);
      // The reset's own login lives.
      expect((await me(reset.json().data.token)).statusCode).toBe(200);
      password = next;
    }
  });

  it(`D1: login with the old password racing a password change keeps no session (${TRIALS} trials)`, async () => {
    const { user } = await verifiedUser(t);
    let password = user.password;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      t.clock.advance(61_000);
      const here = (await loginAs(t, user.userName, password)).json().data as { token: string };
      const next = `another passphrase number ${trial}`;
      const [change, login] = await Promise.all([
        call(
          t,
          'POST',
          '/api/users/me/password',
          { currentPassword: password, newPassword: next },
          { token: here.token },
        ),
        sleep(trial % 4).then(() => loginAs(t, user.userName, password)),
      ]);
      log.count();
      expect(change.statusCode).toBe(204);
      // Either the login came first (and the change ended it) or it came after (and failed).
      await expectEnded(login);
      expect((await me(here.token)).statusCode).toBe(200);
      password = next;
    }
  });

  it('D1b: an access token issued in the same second as a reset does not survive it', async () => {
    const { user } = await verifiedUser(t);
    // Pin the clock to the start of a second, so the login and the reset share it.
    t.clock.advance(1000 - (t.clock.now() % 1000) + 1000);
    const doomed = (await loginAs(t, user.userName, user.password)).json().data as { token: string };
    const before = t.smtp.messagesTo(user.email).length;
    await call(t, 'POST', '/api/users/forgot-password', { email: user.email });
    await t.smtp.waitForMail(user.email, { count: before + 1 });
    const otp = t.smtp.latestCode(user.email);
    const reset = await call(t, 'POST', '/api/users/reset-password', {
      email: user.email,
      otp,
      password: 'one more fresh passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(log.sent(await me(doomed.token)).statusCode).toBe(401);
    expect((await me(reset.json().data.token)).statusCode).toBe(200);
  });

  it('D9: passwords with the user name, the e-mail name or a pattern of a common word are refused', async () => {
    const { user, session } = await verifiedUser(t);
    const localPart = user.email.split('@')[0]!;
    const personal = [user.userName, `${user.userName}2024!`, `My${localPart}pass`, user.userName.toUpperCase() + '1'];
    const common = ['Password123!', 'P@ssw0rd1', '!!monkey2024', 'Qwerty123456', 'sunshine!!'];
    for (const newPassword of [...personal, ...common]) {
      const answer = log.sent(
        await call(
          t,
          'POST',
          '/api/users/me/password',
          { currentPassword: user.password, newPassword },
          { token: session.token },
        ),
      );
      expect(answer.statusCode).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.description).toBe(personal.includes(newPassword) ? MSG.passwordPersonal : MSG.passwordTooCommon);
    }
    const register = log.sent(
      await call(t, 'PUT', '/api/users/register', {
        userName: 'kingsley_okafor',
        email: 'k.okafor@example.com',
        password: 'Kingsley_Okafor!',
        country: 1,
      }),
    );
    expect(errorOf(register).description).toBe(MSG.passwordPersonal);
    expect(
      log.sent(
        await call(t, 'PUT', '/api/users/register', {
          userName: 'adaeze',
          email: 'ada.eze@example.com',
          password: 'Password123!',
          country: 1,
        }),
      ).statusCode,
    ).toBe(400);
  });

  it('lockout: a stranger hammering the account cannot keep the right password out for more than a minute', async () => {
    const { user } = await verifiedUser(t);
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(Array.from({ length: 5 }, (_, i) => loginAs(t, user.userName, `guess ${round} ${i}`)));
      t.clock.advance(5_000);
    }
    log.count(100);
    const failures = await t.db
      .selectFrom('login_failures')
      .select('id')
      .where(
        'user_id',
        '=',
        (await t.db.selectFrom('users').select('id').where('username', '=', user.userName).executeTakeFirstOrThrow())
          .id,
      )
      .execute();
    // 100 guesses in 100 s: at most 5 free ones and then one per wait.
    expect(failures.length).toBeLessThanOrEqual(12);
    const owner = await loginAs(t, user.userName, user.password);
    if (owner.statusCode === 429) {
      expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(60);
      t.clock.advance(Number(owner.headers['retry-after']) * 1000);
      expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
    } else {
      expect(owner.statusCode).toBe(200);
    }
  });
});
