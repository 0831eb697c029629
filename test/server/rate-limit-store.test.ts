import { call } from './support/accounts';
import { buildTestApp, type TestApp } from './support/test-app';

/** Per-IP limits kept in memory always; in Redis too when TEST_REDIS_URL names a server. */
function storesUnderTest(): Array<{ name: string; redisUrl: string | null }> {
  const list: Array<{ name: string; redisUrl: string | null }> = [{ name: 'memory', redisUrl: null }];
  const redis = process.env.TEST_REDIS_URL?.trim();
  if (redis) list.push({ name: 'redis', redisUrl: redis });
  return list;
}

const login = (t: TestApp, address: string) =>
  call(t, 'POST', '/api/users/login', { username: 'nobody', password: 'password1' }, { remoteAddress: address });

describe.each(storesUnderTest())('per-IP limits with the $name store', ({ name, redisUrl }) => {
  it(name === 'redis' ? 'are shared by every process' : 'are counted per process', async () => {
    const a = await buildTestApp({ rateLimits: true, redisUrl }, { smtp: false });
    const b = await buildTestApp({ rateLimits: true, redisUrl }, { smtp: false, db: a.db });
    // A unique address per run, so counts left in a shared Redis by earlier runs never matter.
    const address = `10.${process.pid % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      for (let i = 0; i < 15; i += 1) expect((await login(a, address)).statusCode).toBe(401);
      for (let i = 0; i < 15; i += 1) expect((await login(b, address)).statusCode).toBe(401);
      const next = await login(a, address);
      if (name === 'redis') {
        expect(next.statusCode).toBe(429);
        expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
      } else {
        expect(next.statusCode).toBe(401);
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('an unreachable Redis', () => {
  it('does not take the API down: limits are skipped, requests answered', async () => {
    const t = await buildTestApp({ rateLimits: true, redisUrl: 'redis://127.0.0.1:1' }, { smtp: false });
    try {
      const response = await login(t, '192.0.2.1');
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_USERNAME_OR_PASSWORD');
    } finally {
      await t.close();
    }
  });
});
