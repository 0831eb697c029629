import { OddsFlag } from '@shared/lookups';
import type { OddsListDto } from '@shared/contract/odds';
import { ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { OddsSnapshot } from '../../../src/server/modules/odds/snapshot/odds-snapshot';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { fixtureClock, goodBatch } from './support/batches';

const read = (snapshot: OddsSnapshot) =>
  (JSON.parse(snapshot.odds(1, 1, 1)?.body.toString() ?? '{}') as { data: OddsListDto }).data;

describe.each(databasesUnderTest())('odds snapshot on $name', (target) => {
  let database: TestDatabase;
  let snapshot: OddsSnapshot;

  beforeEach(async () => {
    database = await createTestDatabase(target);
  });
  afterEach(async () => {
    snapshot?.close();
    await database.drop();
  });

  it('holds pre-serialized answers for every country, competition and market, with ETags', async () => {
    snapshot = new OddsSnapshot(database.db, { now: Date.now });
    await snapshot.rebuild();
    expect(snapshot.version).toBe(0);
    expect(snapshot.stats.entries).toBe(3 * 4 * 8 + 3 + 3);
    expect(read(snapshot)).toEqual({ events: [], source: 'live', updatedAt: null });
    expect(snapshot.odds(1, 5, 1)).toBeUndefined();
    const a = snapshot.summary(1);
    await snapshot.rebuild();
    expect(snapshot.summary(1)?.etag).toBe(a?.etag);
  });

  it('rebuilds by itself when a movement flag ages out, without any ingest', async () => {
    // The fixtures' time, running at real speed: the movement flag ages out in real time.
    const now = fixtureClock();
    snapshot = new OddsSnapshot(database.db, { now, movementWindowMs: 400 });
    const first = goodBatch({ fetchedAt: new Date(now()).toISOString() });
    await ingestBatch(database.db, first, { source: 'import', now });
    const moved = goodBatch({ fetchedAt: new Date(now()).toISOString() });
    moved.events[0]!.markets[0]!.prices[0]!.value = 1.9;
    await ingestBatch(database.db, moved, { source: 'import', now });
    await snapshot.rebuild();
    expect(snapshot.version).toBe(2);
    const flags = () => read(snapshot).events[0]?.markets[0]?.odds[0]?.odds[0]?.flags ?? -1;
    expect(flags() & OddsFlag.Increased).toBe(OddsFlag.Increased);
    const etag = snapshot.odds(1, 1, 1)?.etag;
    const deadline = Date.now() + 5000;
    while (flags() & OddsFlag.Increased && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(flags() & OddsFlag.Increased).toBe(0);
    expect(snapshot.odds(1, 1, 1)?.etag).not.toBe(etag);
  });

  it('coalesces rebuild requests that arrive while one runs', async () => {
    let builds = 0;
    // The snapshot reads the clock once per build.
    snapshot = new OddsSnapshot(database.db, {
      now: () => {
        builds += 1;
        return Date.now();
      },
    });
    await Promise.all([snapshot.rebuild(), snapshot.rebuild(), snapshot.rebuild(), snapshot.rebuild()]);
    // One build running and one queued behind it, however many asked.
    expect(builds).toBe(2);
    expect(snapshot.stats.builtAt).not.toBeNull();
  });
});
