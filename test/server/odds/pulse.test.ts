/**
 * GET /api/odds/pulse: the one call an idle dashboard makes per poll. It names the versions of the
 * odds, the summary, the books' health and the unread count; an unchanged pulse is a 304, and each
 * part moves when what it stands for changes. On SQLite and PostgreSQL.
 */
import type { FeedBatch } from '@shared/contract/ingest';
import type { PulseDto } from '@shared/contract/odds';
import { call, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch } from './support/batches';

const TOKEN = 'ingest-token-0123456789abcdef';

describe.each(databasesUnderTest())('dashboard pulse on $name', (database) => {
  let t: TestApp;
  let token: string;

  async function push(provider: number, home: number) {
    const base = goodBatch();
    const batch: FeedBatch = {
      ...base,
      provider,
      fetchedAt: new Date(t.clock.now()).toISOString(),
      events: [
        {
          ...base.events[0]!,
          externalId: `p${provider}-1`,
          markets: [
            {
              market: 1,
              prices: [
                { selection: 1, value: home },
                { selection: 2, value: 3.6 },
                { selection: 3, value: 4.2 },
              ],
            },
          ],
        },
      ],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: batch,
    });
    expect(res.statusCode).toBe(200);
    await t.app.alerts.settled();
  }

  const pulse = (headers: Record<string, string> = {}, query = 'country=1') =>
    t.app.inject({
      method: 'GET',
      url: `/api/odds/pulse?${query}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  beforeAll(async () => {
    t = await buildTestApp({ ingestToken: TOKEN }, { database });
    t.clock.advance(FIXTURE_NOW - Date.now());
    await push(1, 1.83);
    ({ token } = (await verifiedUser(t)).session);
  });
  afterAll(async () => t.close());

  it('answers the versions with an ETag, and a 304 while nothing changed', async () => {
    const first = await pulse();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const data = first.json<{ data: PulseDto }>().data;
    const summary = await t.app.inject({ url: '/api/odds/summary?country=1' });
    expect(data).toEqual({
      odds: t.app.odds.snapshot.version,
      summary: summary.headers.etag,
      sources: expect.stringMatching(/^[\w-]{16}$/),
      unread: 0,
    });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await pulse({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('moves the odds and summary versions when a batch changes prices, and counts unread notifications', async () => {
    const before = (await pulse()).json<{ data: PulseDto }>().data;
    const created = await call(
      t,
      'POST',
      '/api/users/me/alerts',
      {
        eventId: (await t.db.selectFrom('events').select('id').where('home', '=', 'Arsenal').executeTakeFirstOrThrow())
          .id,
        marketId: 1,
        selectionTypeId: 1,
        atLeast: 2,
      },
      { token },
    );
    expect(created.statusCode).toBe(201);
    await push(1, 2.1);

    const res = await pulse();
    expect(res.statusCode).toBe(200);
    const after = res.json<{ data: PulseDto }>().data;
    expect(after.odds).toBeGreaterThan(before.odds);
    expect(after.summary).not.toBe('');
    expect(after.unread).toBe(1);
    expect(after.sources).toBe(before.sources);
  });

  it('asks for a bearer token and a known country', async () => {
    const anonymous = await t.app.inject({ url: '/api/odds/pulse?country=1' });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await pulse({}, 'country=atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_ERROR');
    const extra = await pulse({}, 'country=1&x=1');
    expect(extra.statusCode).toBe(400);
  });
});
