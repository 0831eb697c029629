/**
 * Price alerts end to end (docs/architecture.md#alerts): batches pushed through /api/ingest fire
 * alerts exactly once, deliver in the app, by e-mail (the real SMTP capture; first at once,
 * later ones batched) and by Web Push (a local push service), on SQLite and PostgreSQL.
 */
import webpush from 'web-push';
import type { FeedBatch } from '@shared/contract/ingest';
import { call, errorOf, loginAs, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, KICKOFF_1, goodBatch } from '../odds/support/batches';
import { startPushService, type PushService } from './support/push-service';

const TOKEN = 'ingest-token-0123456789abcdef';
const VAPID = webpush.generateVAPIDKeys();

type Prices = Array<{ selection: number; value: number; boosted?: boolean }>;

describe.each(databasesUnderTest())('price alerts on $name', (database) => {
  let t: TestApp;
  let push: PushService;
  let arsenal: string;
  let united: string;

  /** One book's 1X2 prices of Arsenal v Chelsea (and optionally Man United v Fulham). */
  async function pushPrices(provider: number, arsenalPrices: Prices, unitedPrices?: Prices) {
    const base = goodBatch();
    const events = [
      { ...base.events[0]!, externalId: `p${provider}-1`, markets: [{ market: 1, prices: arsenalPrices }] },
    ];
    if (unitedPrices) {
      events.push({ ...base.events[1]!, externalId: `p${provider}-2`, markets: [{ market: 1, prices: unitedPrices }] });
    }
    const batch: FeedBatch = { ...base, provider, fetchedAt: new Date(t.clock.now()).toISOString(), events };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: batch,
    });
    expect(res.statusCode).toBe(200);
    await t.app.alerts.settled();
  }

  const x12 = (home: number, draw: number, away: number, boosted: number[] = []): Prices =>
    [home, draw, away].map((value, i) => ({
      selection: i + 1,
      value,
      ...(boosted.includes(i + 1) ? { boosted: true } : {}),
    }));

  async function person() {
    const { user, session } = await verifiedUser(t);
    return { email: user.email.toLowerCase(), token: session.token, user };
  }

  const createAlert = (token: string, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/users/me/alerts', body, { token });
  const notifications = async (token: string) =>
    (await call(t, 'GET', '/api/users/me/notifications', undefined, { token })).json().data;

  beforeAll(async () => {
    push = await startPushService();
    t = await buildTestApp(
      {
        ingestToken: TOKEN,
        vapid: { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: 'mailto:alerts@example.com' },
        pushAllowLoopbackHttp: true,
        publicUrl: 'https://oddsmate.example',
      },
      { database },
    );
    t.clock.advance(FIXTURE_NOW - Date.now());
    await pushPrices(1, x12(1.83, 3.6, 4.2), x12(1.6, 4.2, 5.25));
    await pushPrices(2, x12(1.8, 3.5, 4.1), x12(1.62, 4.0, 5.0));
    const rows = await t.db.selectFrom('events').select(['id', 'home']).execute();
    arsenal = rows.find((r) => r.home === 'Arsenal')!.id;
    united = rows.find((r) => r.home === 'Manchester United')!.id;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('fires an at-least alert exactly once, at equality, from any book', async () => {
    const { token } = await person();
    const created = await createAlert(token, { eventId: arsenal, marketId: 1, selectionTypeId: 1, atLeast: 2 });
    expect(created.statusCode).toBe(201);
    const { alert } = created.json().data;
    expect(alert).toMatchObject({
      eventId: arsenal,
      name: 'Arsenal vs Chelsea',
      date: new Date(KICKOFF_1).toISOString(),
      providerId: null,
      atLeast: 2,
      dropPct: null,
      includeBoosted: false,
      status: 'active',
      firedAt: null,
      firedValue: null,
      firedProviderId: null,
    });

    await pushPrices(1, x12(1.95, 3.6, 4.2));
    expect((await notifications(token)).unread).toBe(0);
    await pushPrices(2, x12(2.0, 3.5, 4.1));
    await pushPrices(1, x12(2.2, 3.6, 4.2));

    const data = await notifications(token);
    expect(data.unread).toBe(1);
    expect(data.notifications).toEqual([
      expect.objectContaining({
        alertId: alert.id,
        eventId: arsenal,
        name: 'Arsenal vs Chelsea',
        providerId: 2,
        value: 2,
        // BetKing moved to 2.00 while Bet9ja stood at 1.95: the mover holds the best price.
        bestValue: 2,
        bestProviderId: 2,
        read: false,
      }),
    ]);
    const alerts = (await call(t, 'GET', '/api/users/me/alerts', undefined, { token })).json().data.alerts;
    expect(alerts).toEqual([
      expect.objectContaining({ id: alert.id, status: 'fired', firedValue: 2, firedProviderId: 2 }),
    ]);
    expect(alerts[0].firedAt).toEqual(expect.any(String));

    const read = await call(t, 'POST', '/api/users/me/notifications/read', { all: true }, { token });
    expect(read.json().data.unread).toBe(0);
    expect((await notifications(token)).notifications[0].read).toBe(true);
  });

  it('does not fire when another book, another selection or a boosted price moves', async () => {
    const { token } = await person();
    const plain = (
      await createAlert(token, { eventId: arsenal, marketId: 1, selectionTypeId: 2, providerId: 1, atLeast: 4 })
    ).json().data.alert;
    const boosted = (
      await createAlert(token, {
        eventId: arsenal,
        marketId: 1,
        selectionTypeId: 2,
        providerId: 1,
        atLeast: 4,
        includeBoosted: true,
      })
    ).json().data.alert;

    await pushPrices(2, x12(1.8, 4.5, 4.1)); // another book
    await pushPrices(1, x12(2.2, 3.6, 9)); // another selection
    expect((await notifications(token)).notifications).toEqual([]);

    await pushPrices(1, x12(2.2, 4.0, 4.2, [2])); // boosted draw at 4.0
    let list = (await notifications(token)).notifications;
    expect(list.map((n: { alertId: string }) => n.alertId)).toEqual([boosted.id]);

    await pushPrices(1, x12(2.2, 4.1, 4.2)); // the same price, no longer boosted
    list = (await notifications(token)).notifications;
    expect(list.map((n: { alertId: string; value: number }) => [n.alertId, n.value])).toEqual([
      [plain.id, 4.1],
      [boosted.id, 4],
    ]);
  });

  it('fires a drop alert when a book falls by the percentage from its price at creation', async () => {
    const { token } = await person();
    await pushPrices(1, x12(2.2, 4.1, 4.2), x12(1.6, 4.2, 5.25));
    const alert = (await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 1, dropPct: 10 })).json()
      .data.alert;
    await pushPrices(1, x12(2.2, 4.1, 4.2), x12(1.5, 4.2, 5.25)); // −6.25 %
    expect((await notifications(token)).notifications).toEqual([]);
    await pushPrices(1, x12(2.2, 4.1, 4.2), x12(1.44, 4.2, 5.25)); // −10 %
    expect((await notifications(token)).notifications).toEqual([
      // BetKing still pays 1.62 for the home win.
      expect.objectContaining({ alertId: alert.id, providerId: 1, value: 1.44, bestValue: 1.62, bestProviderId: 2 }),
    ]);
  });

  it('mails the first fired alert at once, batches the next ones, and unsubscribes in one click', async () => {
    const { token, email } = await person();
    const first = await createAlert(token, { eventId: arsenal, marketId: 1, selectionTypeId: 3, atLeast: 10 });
    const second = await createAlert(token, { eventId: arsenal, marketId: 1, selectionTypeId: 3, atLeast: 11 });
    const third = await createAlert(token, {
      eventId: arsenal,
      marketId: 1,
      selectionTypeId: 3,
      providerId: 2,
      atLeast: 12,
    });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    t.smtp.clear();

    await pushPrices(1, x12(2.2, 4.1, 10));
    const mail = await t.smtp.waitForMail(email, { count: 1 });
    expect(mail.subject).toBe('Price alert: Arsenal vs Chelsea');
    expect(mail.text).toContain(`https://oddsmate.example/match/${arsenal}`);
    expect(mail.text).toContain('Arsenal vs Chelsea: 1X2 Away is 10.00 at Bet9Ja, the best price now');
    const link = /https:\/\/oddsmate\.example(\/api\/alerts\/unsubscribe\?token=[A-Za-z0-9_.-]+)/.exec(mail.text)!;
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<https:\/\/oddsmate\.example\/api\/alerts\/unsubscribe\?token=/);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    await pushPrices(1, x12(2.2, 4.1, 11));
    await pushPrices(2, x12(1.8, 4.5, 12.5));
    await t.app.alerts.delivery.deliverMail();
    expect(t.smtp.messagesTo(email)).toHaveLength(1);
    expect((await notifications(token)).unread).toBe(3);

    t.clock.advance(10 * 60 * 1000);
    await t.app.alerts.delivery.deliverMail();
    const batched = await t.smtp.waitForMail(email, { count: 2 });
    expect(batched.subject).toBe('2 price alerts fired');
    await t.app.alerts.delivery.deliverMail();
    expect(t.smtp.messagesTo(email)).toHaveLength(2);

    const page = await t.app.inject({ url: link[1]! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Alert e-mails are off');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link[1]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const settings = (await call(t, 'GET', '/api/users/me/alert-settings', undefined, { token })).json().data;
    expect(settings).toEqual({ settings: { inApp: true, email: false, push: true }, vapidPublicKey: VAPID.publicKey });

    const forged = await t.app.inject({ url: `${link[1]!.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).code).toBe('INVALID_UNSUBSCRIBE_TOKEN');
  });

  it('sends one Web Push per fired alert and forgets a subscription the push service says is gone', async () => {
    const { token } = await person();
    const subscription = await push.subscribe(VAPID.publicKey);
    expect((await call(t, 'POST', '/api/users/me/push-subscriptions', subscription.json, { token })).statusCode).toBe(
      201,
    );
    await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 3, atLeast: 6 });
    await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 3, atLeast: 7 });

    await pushPrices(1, x12(2.2, 4.1, 11), x12(1.44, 4.2, 6));
    await pushPrices(1, x12(2.2, 4.1, 11), x12(1.44, 4.2, 6.5));
    const messages = await push.messages(subscription.clientHash);
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!)).toMatchObject({
      title: 'Price alert: Manchester United vs Fulham',
      url: `/match/${united}`,
    });

    await push.expire(subscription.clientHash);
    await pushPrices(1, x12(2.2, 4.1, 11), x12(1.44, 4.2, 7));
    expect(
      await t.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', subscription.json.endpoint)
        .execute(),
    ).toEqual([]);
    expect((await notifications(token)).unread).toBe(2);
  });

  it('names the best current price beside the book that moved, in the bell, the e-mail and the push', async () => {
    const { token, email } = await person();
    const subscription = await push.subscribe(VAPID.publicKey);
    expect((await call(t, 'POST', '/api/users/me/push-subscriptions', subscription.json, { token })).statusCode).toBe(
      201,
    );
    const alert = (
      await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 2, providerId: 1, atLeast: 4.3 })
    ).json().data.alert;
    t.smtp.clear();

    await pushPrices(2, x12(1.8, 4.5, 12.5), x12(1.62, 4.6, 5.0)); // BetKing's draw: not the alert's book
    expect((await notifications(token)).notifications).toEqual([]);
    await pushPrices(1, x12(2.2, 4.1, 11), x12(1.44, 4.4, 7)); // Bet9ja's draw reaches 4.40

    expect((await notifications(token)).notifications).toEqual([
      expect.objectContaining({ alertId: alert.id, providerId: 1, value: 4.4, bestValue: 4.6, bestProviderId: 2 }),
    ]);
    const line = 'Manchester United vs Fulham: 1X2 Draw is 4.40 at Bet9Ja (best now: 4.60 at BetKing)';
    const mail = await t.smtp.waitForMail(email, { count: 1 });
    expect(mail.text).toContain(line);
    expect(mail.html).toContain('Draw is 4.40 at Bet9Ja (best now: 4.60 at BetKing)');
    const messages = await push.messages(subscription.clientHash);
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!)).toMatchObject({
      title: 'Price alert: Manchester United vs Fulham',
      body: '1X2 Draw is 4.40 at Bet9Ja (best now: 4.60 at BetKing)',
    });
  });

  it('keeps to the limits and refuses bad requests with 400s', async () => {
    const { token } = await person();
    const bad = async (body: Record<string, unknown>, code = 'VALIDATION_ERROR') => {
      const res = await createAlert(token, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe(code);
    };
    await bad({ eventId: arsenal, marketId: 1, selectionTypeId: 1 });
    await bad({ eventId: arsenal, marketId: 1, selectionTypeId: 8, atLeast: 2 });
    await bad({ eventId: arsenal, marketId: 1, selectionTypeId: 1, atLeast: 'two' });
    await bad({ eventId: arsenal, marketId: 1, selectionTypeId: 1, atLeast: 2, extra: 1 });
    await bad({ eventId: arsenal, marketId: 1, selectionTypeId: 1, dropPct: 0 });
    const unknown = await createAlert(token, {
      eventId: 'evt_0000000000000000',
      marketId: 1,
      selectionTypeId: 1,
      atLeast: 2,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');

    for (let i = 0; i < 30; i += 1) {
      expect(
        (await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 2, atLeast: 20 + i })).statusCode,
      ).toBe(201);
    }
    await bad({ eventId: united, marketId: 1, selectionTypeId: 2, atLeast: 99 }, 'ALERT_LIMIT_REACHED');

    const other = await person();
    const mine = (await call(t, 'GET', '/api/users/me/alerts', undefined, { token })).json().data.alerts[0];
    expect(
      (await call(t, 'DELETE', `/api/users/me/alerts/${mine.id}`, undefined, { token: other.token })).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/users/me/alerts/${mine.id}`, undefined, { token })).statusCode).toBe(204);
    expect(
      (await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 2, atLeast: 99 })).statusCode,
    ).toBe(201);

    const teams = Array.from({ length: 50 }, (_, i) => `Team ${i}`);
    const put = await call(
      t,
      'PUT',
      '/api/users/me/favourites',
      { teams: ['  Arsenal ', 'arsenal', 'Chelsea'] },
      { token },
    );
    expect(put.json().data).toEqual({ teams: ['Arsenal', 'Chelsea'] });
    expect((await call(t, 'PUT', '/api/users/me/favourites', { teams }, { token })).statusCode).toBe(200);
    const tooMany = await call(t, 'PUT', '/api/users/me/favourites', { teams: [...teams, 'One more'] }, { token });
    expect(tooMany.statusCode).toBe(400);
    expect((await call(t, 'PUT', '/api/users/me/favourites', { teams: ['  '] }, { token })).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/users/me/favourites', undefined, { token })).json().data.teams).toEqual(teams);
    expect((await call(t, 'GET', '/api/users/me/favourites')).statusCode).toBe(401);

    const http = await call(
      t,
      'POST',
      '/api/users/me/push-subscriptions',
      { endpoint: 'http://10.0.0.1/push', keys: { p256dh: 'a', auth: 'b' } },
      { token },
    );
    expect(http.statusCode).toBe(400);
  });

  it('limits reads per user', async () => {
    const { token } = await person();
    const answers: number[] = [];
    for (let i = 0; i < 121; i += 1)
      answers.push((await call(t, 'GET', '/api/users/me/notifications', undefined, { token })).statusCode);
    expect(answers.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(answers[120]).toBe(429);
  });

  it('puts the watchlist into the data export and deletes it with the account', async () => {
    const { user, session } = await verifiedUser(t);
    const token = session.token;
    await call(t, 'PUT', '/api/users/me/favourites', { teams: ['Fulham'] }, { token });
    await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 2, atLeast: 50 });
    const exported = (await call(t, 'GET', '/api/users/me/export', undefined, { token })).json().data;
    expect(exported.favouriteTeams).toEqual(['Fulham']);
    expect(exported.alerts).toEqual([expect.objectContaining({ eventId: united, atLeast: 50 })]);
    expect(exported.alertSettings).toEqual({ inApp: true, email: true, push: true });

    const id = exported.account.id;
    const deleted = await call(t, 'DELETE', '/api/users/me', { password: user.password }, { token });
    expect(deleted.statusCode).toBe(204);
    for (const table of ['favourite_teams', 'alerts'] as const) {
      expect(await t.db.selectFrom(table).selectAll().where('user_id', '=', id).execute()).toEqual([]);
    }
    expect(t.app.alerts.evaluation.index.size).toBe(
      (await t.db.selectFrom('alerts').select('id').where('status', '=', 'active').execute()).length,
    );
  });

  it("keeps a deleted account's alerts out of the index when a load read them before the deletion committed", async () => {
    const { token } = await person();
    const { alert } = (
      await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 1, atLeast: 40 })
    ).json().data;
    const id = (await call(t, 'GET', '/api/users/me/export', undefined, { token })).json().data.account.id;
    const { index } = t.app.alerts.evaluation;
    expect(index.has(alert.id)).toBe(true);
    let outOfIndex: (() => void) | undefined;
    await t.db.transaction().execute(async (trx) => {
      outOfIndex = await t.app.alerts.deletePersonalData(trx, id);
      // Not committed: a load of the index still reads the alert as active (on PostgreSQL, from
      // another connection; SQLite's one connection would wait for this transaction).
      if (database.name === 'postgres') await t.app.alerts.evaluation.refresh();
      expect(index.has(alert.id)).toBe(true);
    });
    outOfIndex?.();
    expect(index.has(alert.id)).toBe(false);
    await t.app.alerts.evaluation.refresh();
    expect(index.has(alert.id)).toBe(false);
    expect(index.size).toBe(
      (await t.db.selectFrom('alerts').select('id').where('status', '=', 'active').execute()).length,
    );
  });

  it('keeps a fired alert out of the index when a load read it before the firing committed', async () => {
    const { token } = await person();
    const { alert } = (
      await createAlert(token, { eventId: united, marketId: 1, selectionTypeId: 3, atLeast: 5.4 })
    ).json().data;
    const { evaluation } = t.app.alerts;
    expect(evaluation.index.has(alert.id)).toBe(true);
    // A batch meets the alert: it leaves the index at once, and its firing is queued.
    const met = { eventId: united, marketId: 1, providerId: 3, selectionId: 3, value: 5.5, boosted: false };
    evaluation.onPricesCommitted([met], t.clock.now() + 1);
    expect(evaluation.index.has(alert.id)).toBe(false);
    // A load begun now reads the alert before the firing commits, so it still reads it as active.
    await evaluation.refresh(true);
    await t.app.alerts.settled();
    expect((await notifications(token)).notifications).toEqual([expect.objectContaining({ alertId: alert.id })]);
    expect(evaluation.index.has(alert.id)).toBe(false);
    expect(evaluation.index.size).toBe(
      (await t.db.selectFrom('alerts').select('id').where('status', '=', 'active').execute()).length,
    );
  });

  it('ends alerts at kick-off and refuses new ones on a started match', async () => {
    const { token: before, user } = await person();
    const alert = (await createAlert(before, { eventId: arsenal, marketId: 1, selectionTypeId: 1, atLeast: 50 })).json()
      .data.alert;
    t.clock.advance(Date.parse(KICKOFF_1) - t.clock.now() + 1000);
    await t.app.alerts.evaluation.endStarted();
    const token = (await loginAs(t, user.userName, user.password)).json().data.token;
    const alerts = (await call(t, 'GET', '/api/users/me/alerts', undefined, { token })).json().data.alerts;
    expect(alerts).toEqual([expect.objectContaining({ id: alert.id, status: 'ended' })]);
    expect(t.app.alerts.evaluation.index.has(alert.id)).toBe(false);
    const late = await createAlert(token, { eventId: arsenal, marketId: 1, selectionTypeId: 1, atLeast: 50 });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).code).toBe('MATCH_STARTED');
  });
});
