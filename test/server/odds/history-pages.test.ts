/**
 * The history of batches after a version is read in pages (history.repository.ts): a batch of
 * more rows than a page comes back whole, each row once, with its version and boost, on each
 * database; rows of versions outside the asked range do not.
 */
import type { FeedBatch } from '@shared/contract/ingest';
import { MARKETS, marketSelections } from '@shared/lookups';
import { findHistoryAfter } from '../../../src/server/modules/odds/history.repository';
import { OddsService } from '../../../src/server/modules/odds/odds.service';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { FIXTURE_NOW } from './support/batches';

/** 40 matches × every market: well over one page of rows (500). */
function bigBatch(provider: number, shift: number): FeedBatch {
  return {
    provider: provider as FeedBatch['provider'],
    country: 1,
    fetchedAt: new Date(FIXTURE_NOW).toISOString(),
    events: Array.from({ length: 40 }, (_, i) => ({
      externalId: `m${i}`,
      competition: 1 as const,
      home: `Home ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Athletic`,
      away: `Away ${String.fromCharCode(90 - (i % 26))}${String.fromCharCode(90 - Math.floor(i / 26))} Wanderers`,
      kickoff: new Date(FIXTURE_NOW + (48 + i) * 3600_000).toISOString(),
      markets: MARKETS.map((m) => ({
        market: m.id as FeedBatch['events'][number]['markets'][number]['market'],
        prices: marketSelections(m.id).map((selection, s) => ({
          selection: selection as never,
          value: Math.round((1.5 + s * 0.4 + shift) * 100) / 100,
        })),
      })),
    })),
  };
}

describe.each(databasesUnderTest())('history read in pages on $name', (target) => {
  let database: TestDatabase;
  let service: OddsService;

  beforeEach(async () => {
    database = await createTestDatabase(target);
    service = new OddsService(database.db, { now: () => FIXTURE_NOW });
  });
  afterEach(async () => {
    service.close();
    await database.drop();
  });

  it('returns every row of a batch bigger than a page once, and only the versions asked', async () => {
    const first = await service.ingest(bigBatch(1, 0), 'import');
    const second = await service.ingest(bigBatch(1, 0.05), 'import');
    const third = await service.ingest(bigBatch(2, 0), 'import');
    const rows = await findHistoryAfter(database.db, first.version as number, second.version as number);
    expect(rows.length).toBe(second.prices.changed);
    expect(rows.length).toBeGreaterThan(500);
    expect(new Set(rows.map((r) => `${r.eventId}|${r.marketId}|${r.providerId}|${r.selectionId}`)).size).toBe(
      rows.length,
    );
    expect(rows.every((r) => r.version === second.version && r.boosted === false && r.providerId === 1)).toBe(true);

    const after = await findHistoryAfter(database.db, first.version as number);
    expect(after.map((r) => r.version)).toEqual([
      ...Array<number>(second.prices.changed).fill(second.version as number),
      ...Array<number>(third.prices.changed).fill(third.version as number),
    ]);
  });
});
