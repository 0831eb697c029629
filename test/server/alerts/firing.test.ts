/**
 * Firing a batch's hits (docs/architecture.md#alerts): one transaction with a fixed number of
 * set-based statements per chunk of hits, whatever their count, and exactly once when two
 * processes fire the same hits at the same moment, on SQLite and PostgreSQL.
 */
import type { KyselyPlugin } from 'kysely';
import type { Db } from '../../../src/server/core/db/connect';
import { type Firing, fireAlerts } from '../../../src/server/modules/alerts/evaluation.repository';
import { verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

const AT = Date.UTC(2026, 10, 28, 12);

describe.each(databasesUnderTest())('firing alerts on $name', (database) => {
  let t: TestApp;
  let quiet: string;
  let fresh: string;
  let n = 0;

  async function userId(): Promise<string> {
    const { session } = await verifiedUser(t);
    return session.user.id;
  }

  /** `count` active alerts, alternating between the two people; answers their firings. */
  async function activeAlerts(count: number): Promise<Firing[]> {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `alr_${String((n += 1)).padStart(6, '0')}`,
      user_id: i % 2 === 0 ? quiet : fresh,
      event_id: 'evt_00000000000000aa',
      event_name: 'Arsenal vs Chelsea',
      kickoff_at: AT + 3_600_000,
      market_id: 1,
      selection_id: 1 + (i % 3),
      provider_id: null,
      at_least: 2,
      drop_pct: null,
      include_boosted: 0,
      reference_prices: '{}',
      status: 'active' as const,
      created_at: AT - 60_000,
      fired_at: null,
      fired_value: null,
      fired_provider_id: null,
      ended_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('alerts')
        .values(rows.slice(i, i + 200))
        .execute();
    return rows.map((r, i) => ({
      alertId: r.id,
      value: 2 + (i % 7) / 100,
      providerId: 1 + (i % 5),
      bestValue: i % 2 === 0 ? 2.5 : null,
      bestProviderId: i % 2 === 0 ? 3 : null,
    }));
  }

  let ids = 0;
  const newId = () => `ntf_${String((ids += 1)).padStart(8, '0')}`;

  beforeAll(async () => {
    t = await buildTestApp({}, { database });
    quiet = await userId();
    fresh = await userId();
    // One person turned e-mail and push off; the other never opened the settings (no row yet).
    await t.db
      .insertInto('alert_settings')
      .values({ user_id: quiet, in_app: 1, email: 0, push: 0, last_mail_at: null, updated_at: AT })
      .execute();
  });
  afterAll(() => t.close());

  it('fires 700 hits with a fixed number of statements and stores what each one needs', async () => {
    const firings = await activeAlerts(700);
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const fired = await fireAlerts(t.db.withPlugin(counter) as Db, firings, AT, newId);

    expect(fired).toHaveLength(700);
    // Two chunks of at most 500: each a SELECT, an UPDATE and an INSERT, plus (once) the missing settings row.
    expect(statements).toBe(7);
    const alerts = await t.db
      .selectFrom('alerts')
      .selectAll()
      .where(
        'id',
        'in',
        firings.map((f) => f.alertId),
      )
      .execute();
    const byId = new Map(alerts.map((a) => [a.id, a]));
    for (const f of firings) {
      expect(byId.get(f.alertId)).toMatchObject({
        status: 'fired',
        fired_at: AT,
        fired_value: f.value,
        fired_provider_id: f.providerId,
      });
    }
    const notes = await t.db.selectFrom('alert_notifications').selectAll().execute();
    expect(notes).toHaveLength(700);
    const first = notes.find((x) => x.alert_id === firings[0]!.alertId)!;
    expect(first).toMatchObject({ user_id: quiet, value: 2, provider_id: 1, best_value: 2.5, best_provider_id: 3 });
    expect(first).toMatchObject({ in_app: 1, email_state: 'off' });
    const second = notes.find((x) => x.alert_id === firings[1]!.alertId)!;
    expect(second).toMatchObject({ user_id: fresh, best_value: null, best_provider_id: null, email_state: 'pending' });
    expect(fired.find((f) => f.alertId === firings[0]!.alertId)?.push).toBe(false);
    expect(fired.find((f) => f.alertId === firings[1]!.alertId)?.push).toBe(true);
    // The person without settings got the defaults' row, so the e-mail pacing can claim it.
    expect(
      await t.db
        .selectFrom('alert_settings')
        .select(['in_app', 'email', 'push'])
        .where('user_id', '=', fresh)
        .execute(),
    ).toEqual([{ in_app: 1, email: 1, push: 1 }]);
  });

  it('fires each hit exactly once when two processes fire the same hits at once', async () => {
    const firings = await activeAlerts(600);
    const [a, b] = await Promise.all([
      fireAlerts(t.db, firings, AT + 1, newId),
      fireAlerts(t.db, [...firings].reverse(), AT + 1, newId),
    ]);
    expect(a.length + b.length).toBe(600);
    const won = new Set([...a, ...b].map((f) => f.alertId));
    expect(won.size).toBe(600);
    const notes = await t.db
      .selectFrom('alert_notifications')
      .select('alert_id')
      .where('created_at', '=', AT + 1)
      .execute();
    expect(notes).toHaveLength(600);
    // Fired ones are not fired again.
    expect(await fireAlerts(t.db, firings, AT + 2, newId)).toEqual([]);
  });
});
