import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClaimsCache } from '../../src/server/modules/accounts/claims-cache';
import { RevokedSessions } from '../../src/server/modules/accounts/revoked-sessions';
import { revokeAccessTokensBefore } from '../../src/server/modules/accounts/access-revocations.repository';
import * as passwords from '../../src/server/modules/accounts/passwords';
import { hashPassword, needsRehash, verifyPassword } from '../../src/server/modules/accounts/passwords';
import { MIN_SCRYPT_N } from '../../src/server/core/config';
import { call, loginAs, verifiedUser } from './support/accounts';
import { buildTestApp } from './support/test-app';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash at the production cost and verifies in constant time', async () => {
    const stored = await hashPassword('correct horse battery', MIN_SCRYPT_N);
    expect(stored).toMatch(/^scrypt\$65536\$8\$2\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored, MIN_SCRYPT_N)).toBe(false);
  }, 30_000);

  it('salts every hash, rejects malformed ones and flags cheaper ones for rehashing', async () => {
    const a = await hashPassword('same password', 16);
    const b = await hashPassword('same password', 16);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', 'md5$abc')).toBe(false);
    expect(needsRehash(a, 32)).toBe(true);
  });

  it('runs a real hash for unknown usernames, so they cost what known ones do', async () => {
    const t = await buildTestApp({}, { smtp: false });
    const verify = jest.spyOn(passwords, 'verifyPassword');
    try {
      expect((await loginAs(t, 'nobody_at_all', 'some password')).statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toBe('some password');
      expect(verify.mock.calls[0]![1]).toMatch(new RegExp(`^scrypt\\$${t.config.scryptN}\\$8\\$2\\$`));
      expect(await verify.mock.results[0]!.value).toBe(false);
    } finally {
      verify.mockRestore();
      await t.close();
    }
  });

  it('rehashes at the configured cost after a successful login', async () => {
    const t = await buildTestApp({ scryptN: 16 });
    const { user } = await verifiedUser(t);
    const stronger = await buildTestApp({ scryptN: 64 }, { db: t.db, smtp: false });
    expect((await loginAs(stronger, user.userName, user.password)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', user.userName)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$64\$/);
    expect((await loginAs(t, user.userName, user.password)).statusCode).toBe(200);
    await stronger.close();
    await t.close();
  });
});

describe('claims cache', () => {
  const claims = (exp: number) => ({ sub: 'u', username: 'n', country: 1, ak: 'k', iat: 0, exp });

  it('answers until exp, then forgets', () => {
    const cache = new ClaimsCache(10);
    cache.set('token', claims(100));
    expect(cache.get('token', 99_000)).toEqual(claims(100));
    expect(cache.get('token', 100_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stays bounded, dropping an entry not used since the last eviction first', () => {
    const cache = new ClaimsCache(2);
    cache.set('a', claims(100));
    cache.set('b', claims(100));
    cache.get('a', 0);
    cache.set('c', claims(100));
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBeDefined();
  });

  it('gives used entries one second chance, then drops the oldest: a hit does not reorder', () => {
    const cache = new ClaimsCache(2);
    cache.set('a', claims(100));
    cache.set('b', claims(100));
    cache.get('b', 0);
    cache.get('a', 0);
    // Both used: both are unmarked and keep their order, so the older one, a, goes.
    cache.set('c', claims(100));
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBeDefined();
    expect(cache.get('c', 0)).toBeDefined();
  });

  it('never grows past its capacity, however tokens and hits interleave', () => {
    const cache = new ClaimsCache(50);
    for (let i = 0; i < 2_000; i += 1) {
      cache.set(`t${i}`, claims(100));
      cache.get(`t${i % 7 === 0 ? i : i - 3}`, 0);
      expect(cache.size).toBeLessThanOrEqual(50);
    }
    expect(cache.get('t1999', 0)).toBeDefined();
  });

  it('answers only the exact token it verified', () => {
    const cache = new ClaimsCache(10);
    cache.set('header.payload.signature', claims(100));
    expect(cache.get('header.payload.signaturf', 0)).toBeUndefined();
    expect(cache.get('header.payload.signature ', 0)).toBeUndefined();
    expect(cache.get('header.payloae.signature', 0)).toBeUndefined();
    expect(cache.get('header.payload.signature', 0)).toEqual(claims(100));
  });
});

describe('revoked sessions', () => {
  const HOUR = 3600_000;
  const T = Date.parse('2030-03-10T12:00:00Z');

  it('voids only tokens of that user issued in an earlier second, and a later reset only moves the line forward', () => {
    const revoked = new RevokedSessions(15 * 60_000);
    revoked.note('u1', T / 1000);
    expect(revoked.voids({ sub: 'u1', iat: T / 1000 - 1 })).toBe(true);
    expect(revoked.voids({ sub: 'u1', iat: T / 1000 })).toBe(false); // the session the reset started
    expect(revoked.voids({ sub: 'u2', iat: T / 1000 - 1 })).toBe(false);
    revoked.note('u1', T / 1000 - 600);
    expect(revoked.voids({ sub: 'u1', iat: T / 1000 - 1 })).toBe(true);
  });

  it('learns revocations from the database and forgets them once no token they void can be alive', async () => {
    const t = await buildTestApp();
    try {
      const { session } = await verifiedUser(t);
      const userId = session.user.id;
      const revoked = new RevokedSessions(15 * 60_000);
      await revokeAccessTokensBefore(t.db, userId, T / 1000, T, revoked.forgetBefore(T));
      await revoked.refresh(t.db, T + 1000);
      expect(revoked.voids({ sub: userId, iat: T / 1000 - 5 })).toBe(true);
      // Within one token lifetime (plus slack) it stays; after it, every voided token has expired.
      await revoked.refresh(t.db, T + 15 * 60_000);
      expect(revoked.size).toBe(1);
      await revoked.refresh(t.db, T + HOUR);
      expect(revoked.size).toBe(0);
      // The table forgets it too, with the next revocation of anyone.
      const other = await verifiedUser(t);
      await revokeAccessTokensBefore(
        t.db,
        other.session.user.id,
        (T + HOUR) / 1000,
        T + HOUR,
        revoked.forgetBefore(T + HOUR),
      );
      const rows = await t.db.selectFrom('access_revocations').select('user_id').execute();
      expect(rows.map((r) => r.user_id)).toEqual([other.session.user.id]);
    } finally {
      await t.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens, even at trace level', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      {},
      { logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } },
    );
    const { user, session } = await verifiedUser(t);
    const otp = await t.smtp.codeFor(user.email);
    const login = (await loginAs(t, user.userName, user.password)).json().data;
    await call(t, 'GET', '/api/users/me', undefined, { token: login.token });
    await call(t, 'POST', '/api/users/refresh', { refreshToken: login.refreshToken });
    t.app.log.info({ body: { password: user.password, otp }, token: session.token }, 'explicit');
    const all = lines.join('\n');
    expect(all).toContain('[redacted]');
    for (const secret of [user.password, otp, session.token, session.refreshToken, login.token, login.refreshToken]) {
      expect(all).not.toContain(secret);
    }
    await t.close();
  });
});

describe('outbox mail transport (no SMTP_URL)', () => {
  it('logs the code and writes the message to DATA_DIR/outbox', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      { dataDir: path.join(os.tmpdir(), `oddsmate-outbox-${process.pid}-${Date.now()}`) },
      { smtp: false, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
    const email = `outbox.${Date.now()}@example.com`;
    const response = await call(t, 'PUT', '/api/users/register', {
      userName: `outbox_${Date.now()}`,
      email,
      password: 'a fine password',
      country: 1,
    });
    expect(response.statusCode).toBe(201);
    const line = lines.find((l) => l.includes(`mail to ${email}`))!;
    const code = /\(code (\d{6})\)/.exec(line)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const dir = path.join(t.config.dataDir, 'outbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toContain('multipart/alternative');
    const verified = await call(t, 'POST', '/api/users/verify-email', { email, otp: code });
    expect(verified.statusCode).toBe(200);
    await t.close();
  });
});

describe('TRUST_PROXY', () => {
  const burst = async (t: Awaited<ReturnType<typeof buildTestApp>>) => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await call(
        t,
        'POST',
        '/api/users/login',
        { username: 'nobody', password: 'password1' },
        {
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        },
      );
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For when unset, so a client cannot dodge per-IP limits', async () => {
    const t = await buildTestApp({ rateLimits: true }, { smtp: false });
    expect((await burst(t)).at(-1)).toBe(429);
    await t.close();
  });

  it('believes X-Forwarded-For from a listed proxy', async () => {
    const t = await buildTestApp({ rateLimits: true, trustProxy: ['127.0.0.1'] }, { smtp: false });
    expect((await burst(t)).every((s) => s === 401)).toBe(true);
    await t.close();
  });
});
