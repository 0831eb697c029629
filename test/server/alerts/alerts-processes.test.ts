/**
 * Two processes on one database (docs/architecture.md#alerts): an alert created through one is
 * evaluated by the other after its index refresh, and fires exactly once even when both
 * processes see a crossing batch (the conditional UPDATE). Also the VAPID variables' checks.
 */
import webpush from 'web-push';
import type { FeedBatch } from '@shared/contract/ingest';
import { ConfigError, loadConfig } from '../../../src/server/core/config';
import { call, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch } from '../odds/support/batches';

const TOKEN = 'ingest-token-0123456789abcdef';

describe.each(databasesUnderTest())('price alerts across two processes on $name', (database) => {
  let a: TestApp;
  let b: TestApp;

  async function pushHome(t: TestApp, home: number) {
    const base = goodBatch();
    const batch: FeedBatch = {
      ...base,
      fetchedAt: new Date(t.clock.now()).toISOString(),
      events: [
        {
          ...base.events[0]!,
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

  beforeAll(async () => {
    a = await buildTestApp({ ingestToken: TOKEN }, { database });
    b = await buildTestApp({ ingestToken: TOKEN, smtpUrl: a.config.smtpUrl }, { db: a.db, smtp: false });
    a.clock.advance(FIXTURE_NOW - Date.now());
    b.clock.advance(FIXTURE_NOW - Date.now());
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('fires an alert created in the other process exactly once', async () => {
    await pushHome(a, 1.8);
    const eventId = (
      await a.db.selectFrom('events').select('id').where('home', '=', 'Arsenal').executeTakeFirstOrThrow()
    ).id;
    await b.app.odds.refreshIfChanged();
    const { session } = await verifiedUser(a);
    const created = await call(
      b,
      'POST',
      '/api/users/me/alerts',
      { eventId, marketId: 1, selectionTypeId: 1, atLeast: 2 },
      { token: session.token },
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data.alert;
    expect(a.app.alerts.evaluation.index.has(id)).toBe(false);
    await a.app.alerts.evaluation.refresh();
    expect(a.app.alerts.evaluation.index.has(id)).toBe(true);

    await pushHome(a, 2);
    expect(a.app.alerts.evaluation.index.has(id)).toBe(false);
    // B still holds the alert (its index learns of firings at its next full reload).
    expect(b.app.alerts.evaluation.index.has(id)).toBe(true);
    await pushHome(b, 2.1);

    const rows = await a.db
      .selectFrom('alert_notifications')
      .select(['alert_id', 'value'])
      .where('alert_id', '=', id)
      .execute();
    expect(rows).toEqual([{ alert_id: id, value: 2 }]);
    const alert = await a.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ status: 'fired', fired_value: 2, fired_provider_id: 1 });
    await b.app.alerts.evaluation.refresh(true);
    expect(b.app.alerts.evaluation.index.has(id)).toBe(false);
  });
});

describe('VAPID configuration', () => {
  const keys = webpush.generateVAPIDKeys();
  const base = { JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/tmp/oddsmate-vapid-test' };

  it('is off without the variables and on with all three', () => {
    expect(loadConfig(base).vapid).toBeNull();
    const config = loadConfig({
      ...base,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(config.vapid).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:ops@example.com',
    });
  });

  it('refuses to start with some of them, bad keys or a bad subject', () => {
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    const all = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    expect(() => loadConfig({ ...base, ...all, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base, ...all, VAPID_PRIVATE_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...base, ...all, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
  });
});
