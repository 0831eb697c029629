// `npm run bench:alerts` (also part of `npm run bench`): the time to evaluate one committed
// ingest batch against 100,000 active price alerts (docs/architecture.md#alerts; target ≤ 50 ms).
// The alerts sit on 2,000 matches × the 1X2 and over/under 2.5 selections, most far from
// firing; each batch is one book's prices of 200 matches (2,000 changed prices), a few of
// which cross an alert. The index lookup is what runs after every commit; then the batch's
// hits fire, measured on a database (BENCH_DATABASE_URL, else a SQLite file): one transaction
// of set-based statements per batch.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/server/core/db/connect';
import { AlertIndex, type AlertHit, type ChangedPrice } from '../../src/server/modules/alerts/alert-index';
import { fireAlerts } from '../../src/server/modules/alerts/evaluation.repository';
import { benchDatabase } from './odds-bench-support';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const EVENTS = 2_000;
const BATCH_EVENTS = 200;
const ROUNDS = 200;
const SELECTIONS: ReadonlyArray<[market: number, selection: number]> = [
  [1, 1],
  [1, 2],
  [1, 3],
  [4, 8],
  [4, 9],
];
const TARGET_MS = 50;
/** Batches whose hits are fired on the database. */
const FIRE_ROUNDS = 50;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const eventId = (i: number) => `evt_${i.toString(16).padStart(16, '0')}`;

function buildIndex(): AlertIndex {
  const index = new AlertIndex();
  for (let i = 0; i < ALERTS; i += 1) {
    const [marketId, selectionId] = SELECTIONS[i % SELECTIONS.length]!;
    const drop = i % 4 === 0;
    index.add({
      id: `alr_${i}`,
      userId: `user_${i % 20_000}`,
      eventId: eventId(Math.floor(random() * EVENTS)),
      eventName: 'Home vs Away',
      marketId,
      selectionId,
      providerId: i % 3 === 0 ? 1 + (i % 5) : null,
      atLeast: drop ? null : 3.6 + random() * 8,
      dropPct: drop ? 20 + random() * 30 : null,
      includeBoosted: i % 2 === 0,
      reference: new Map([1, 2, 3, 4, 5].map((p) => [p, 2 + random()])),
      createdAt: 0,
      kickoffAt: Number.MAX_SAFE_INTEGER,
    });
  }
  return index;
}

function batch(round: number): ChangedPrice[] {
  const prices: ChangedPrice[] = [];
  const first = (round * BATCH_EVENTS) % EVENTS;
  const providerId = 1 + (round % 5);
  for (let e = first; e < first + BATCH_EVENTS; e += 1) {
    for (const [marketId, selectionId] of SELECTIONS) {
      prices.push({
        eventId: eventId(e % EVENTS),
        marketId,
        providerId,
        selectionId,
        value: 1.9 + random() * 1.8,
        boosted: random() < 0.02,
      });
    }
  }
  // Pad to 2,000 changed prices with selections nobody watches (other markets).
  for (let i = prices.length; i < 2_000; i += 1) {
    prices.push({
      eventId: eventId(first + (i % BATCH_EVENTS)),
      marketId: 2,
      providerId,
      selectionId: 4,
      value: 1.9,
      boosted: false,
    });
  }
  return prices;
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
function quantiles(times: number[]) {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { median: at(0.5), p95: at(0.95), max: times[times.length - 1]! };
}

/** Stores the people and alerts the hits name, as active alerts. */
async function storeHitAlerts(db: Db, hits: readonly AlertHit[]): Promise<void> {
  const alerts = new Map(hits.map((h) => [h.alert.id, h.alert]));
  const users = [...new Set([...alerts.values()].map((a) => a.userId))];
  for (let i = 0; i < users.length; i += 200) {
    await db
      .insertInto('users')
      .values(
        users.slice(i, i + 200).map((id) => ({
          id,
          username: id,
          username_key: id,
          email: `${id}@example.com`,
          password_hash: 'x',
          country: 1,
          verified_at: 0,
          created_at: 0,
          last_login_at: null,
          locked_until: null,
        })),
      )
      .execute();
  }
  const rows = [...alerts.values()].map((a) => ({
    id: a.id,
    user_id: a.userId,
    event_id: a.eventId,
    event_name: a.eventName,
    kickoff_at: a.kickoffAt,
    market_id: a.marketId,
    selection_id: a.selectionId,
    provider_id: a.providerId,
    at_least: a.atLeast,
    drop_pct: a.dropPct,
    include_boosted: a.includeBoosted ? 1 : 0,
    reference_prices: '{}',
    status: 'active' as const,
    created_at: 0,
    fired_at: null,
    fired_value: null,
    fired_provider_id: null,
    ended_at: null,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('alerts')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Fires each batch's hits on the database, one batch after the other; answers each batch's time. */
async function fireOnDatabase(hitsOf: readonly AlertHit[][]): Promise<{ times: number[]; fired: number }> {
  const db = await benchDatabase();
  try {
    await storeHitAlerts(db, hitsOf.flat());
    const times: number[] = [];
    let fired = 0;
    for (const [round, hits] of hitsOf.entries()) {
      const firings = hits.map((h) => ({
        alertId: h.alert.id,
        value: h.value,
        providerId: h.providerId,
        bestValue: h.value,
        bestProviderId: h.providerId,
      }));
      const t0 = performance.now();
      fired += (await fireAlerts(db, firings, round + 1, () => `ntf_${randomBytes(8).toString('hex')}`)).length;
      times.push(performance.now() - t0);
    }
    return { times, fired };
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const index = buildIndex();
  const buildMs = performance.now() - started;
  const batches = Array.from({ length: ROUNDS }, (_, i) => batch(i));
  for (let i = 0; i < 20; i += 1) index.evaluate(batches[i]!, 1); // warm-up
  const times: number[] = [];
  let hits = 0;
  for (const prices of batches) {
    const t0 = performance.now();
    hits += index.evaluate(prices, 1).length;
    times.push(performance.now() - t0);
  }
  const evaluate = quantiles(times);
  console.log(`alerts: one batch of 2,000 changed prices against ${index.size.toLocaleString('en')} active alerts`);
  console.log(`  index built in ${buildMs.toFixed(0)} ms`);
  console.log(
    `  evaluate: median ${fmt(evaluate.median)}, p95 ${fmt(evaluate.p95)}, max ${fmt(evaluate.max)} (${ROUNDS} batches, ${(hits / ROUNDS).toFixed(1)} alerts met per batch)`,
  );
  console.log(`  target ≤ ${TARGET_MS} ms: ${evaluate.p95 <= TARGET_MS ? 'met' : 'NOT met'} (p95)`);

  const hitsOf = batches.slice(0, FIRE_ROUNDS).map((prices) => index.evaluate(prices, 1));
  const firing = await fireOnDatabase(hitsOf);
  const fire = quantiles(firing.times);
  console.log(
    `  fire: median ${fmt(fire.median)}, p95 ${fmt(fire.p95)}, max ${fmt(fire.max)} per batch (${FIRE_ROUNDS} batches, ${firing.fired.toLocaleString('en')} alerts fired)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
