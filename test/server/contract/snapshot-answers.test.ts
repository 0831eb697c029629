/**
 * Every pre-serialized odds answer (summary and sample per country, odds per country,
 * competition and market) matches its response schema in src/shared/contract. Those answers
 * skip Fastify's serializer, so without this check they could drift from the contract unseen.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { FormatRegistry } from '@sinclair/typebox';
import { OddsListResponse, SummaryResponse } from '@shared/contract/odds';
import { COMPETITIONS, COUNTRIES, MARKETS } from '@shared/lookups';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import type { SnapshotEntry } from '../../../src/server/modules/odds/snapshot/snapshot-entry';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
}

function problems(schema: TSchema, entry: SnapshotEntry | undefined): string[] {
  if (!entry) return ['missing entry'];
  const checker = TypeCompiler.Compile(schema);
  const body: unknown = JSON.parse(entry.body.toString('utf8'));
  return [...checker.Errors(body)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
}

function checkAll(t: TestApp): Record<string, string[]> {
  const { snapshot } = t.app.odds;
  const failures: Record<string, string[]> = {};
  const check = (name: string, schema: TSchema, entry: SnapshotEntry | undefined) => {
    const found = problems(schema, entry);
    if (found.length) failures[name] = found;
  };
  for (const country of COUNTRIES) {
    check(`summary ${country.id}`, SummaryResponse, snapshot.summary(country.id));
    check(`sample ${country.id}`, OddsListResponse, snapshot.sample(country.id));
    for (const competition of COMPETITIONS) {
      for (const market of MARKETS) {
        check(
          `odds ${country.id}/${competition.id}/${market.id}`,
          OddsListResponse,
          snapshot.odds(country.id, competition.id, market.id),
        );
      }
    }
  }
  return failures;
}

describe.each(databasesUnderTest())('snapshot answers against the contract on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database, smtp: false });
  });
  afterAll(() => t.close());

  it('match their response schemas before any batch', () => {
    expect(checkAll(t)).toEqual({});
  });

  it('match their response schemas after batches from every bookmaker, and again after prices moved', async () => {
    const feed = new DemoFeed({ seed: 7 });
    await t.app.odds.ingestAll(feed.tick(t.app.now()), 'demo');
    const sample = JSON.parse(t.app.odds.snapshot.sample(1)?.body.toString('utf8') ?? '{}') as {
      data: { events: unknown[] };
    };
    expect(sample.data.events.length).toBeGreaterThan(0);
    expect(checkAll(t)).toEqual({});

    t.clock.advance(60_000);
    await t.app.odds.ingestAll(feed.tick(t.app.now()), 'demo');
    expect(checkAll(t)).toEqual({});
  });
});
