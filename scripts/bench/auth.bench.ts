// `npm run bench:auth`: login throughput and peak memory under 20 concurrent logins, at the
// production scrypt cost. scrypt is slow on purpose (N=2^16 needs 64 MiB per hash); the point
// is that memory stays bounded however many logins arrive together.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/modules/accounts/passwords';
import { loadConfig } from '../../src/server/core/config';
import { connectDatabase } from '../../src/server/core/db/connect';
import { migrateToLatest } from '../../src/server/core/db/migrate';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 100);
const PASSWORD = 'correct horse battery staple';
const MiB = 1024 * 1024;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-bench-auth-'));
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SERVE_WEB: 'off',
    ODDS_FEED: 'none',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
  });
  const db = connectDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const hash = await hashPassword(PASSWORD, config.scryptN);
  const names = Array.from({ length: CONCURRENCY }, (_, i) => `bench_${i}`);
  const now = Date.now();
  for (const name of names) {
    await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        username: name,
        username_key: name,
        email: `${name}@example.com`,
        password_hash: hash,
        country: 1,
        verified_at: now,
        created_at: now,
        last_login_at: null,
        locked_until: null,
      })
      .execute();
  }

  const app = await buildApp(config, { db, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);

  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    names.map(async (name) => {
      while (next < LOGINS) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(`${base}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: name, password: PASSWORD }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(`bench:auth  scrypt N=${config.scryptN} r=8 p=2, ${CONCURRENCY} concurrent clients, ${LOGINS} logins`);
  console.log(`  throughput   ${(LOGINS / seconds).toFixed(2)} logins/s (${seconds.toFixed(1)} s, ${failures} failed)`);
  console.log(
    `  latency      p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${pct(100).toFixed(0)} ms`,
  );
  console.log(
    `  memory (RSS) baseline ${(baselineRss / MiB).toFixed(0)} MiB, peak ${(peakRss / MiB).toFixed(0)} MiB, ` +
      `growth ${((peakRss - baselineRss) / MiB).toFixed(0)} MiB (each hash in flight needs ${((128 * config.scryptN * 8) / MiB).toFixed(0)} MiB)`,
  );
  if (failures) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
