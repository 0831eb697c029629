/**
 * Attack suite, favourites, alerts and Web Push (docs/architecture.md#alerts; issue D2–D7): on SQLite
 * and PostgreSQL. Push endpoints that would make the server reach inside its own network are
 * refused when subscribing and again before every send; a subscription stays its owner's; the
 * favourites, 30-alert and 10-device limits hold under parallel requests; the per-user read
 * limit counts across routes. No test here needs the internet: host names resolve through an
 * injected resolver.
 */
import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { FeedBatch } from '@shared/contract/ingest';
import { call, errorOf, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch } from '../odds/support/batches';
import { attackLog } from './attack-support';

const log = attackLog('watchlist');
const TOKEN = 'ingest-token-0123456789abcdef';
const VAPID = webpush.generateVAPIDKeys();

/** Host → addresses; what a test's resolver answers. Unknown names do not resolve. */
const dns = new Map<string, string[]>([
  ['fcm.googleapis.com', ['142.250.180.10']],
  ['updates.push.services.mozilla.com', ['34.107.221.82']],
  ['rebind.example.net', ['93.184.216.34']],
  ['internal.example.net', ['10.1.2.3']],
  ['mixed.example.net', ['93.184.216.34', '192.168.1.10']],
  ['v6private.example.net', ['fd00::1']],
]);
const resolveHost = async (host: string) => {
  const found = dns.get(host);
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
};
let serial = 0;
const fcm = () => `https://fcm.googleapis.com/fcm/send/device-${process.pid}-${(serial += 1)}`;

describe.each(databasesUnderTest())('watchlist under attack on $name', (database) => {
  let t: TestApp;
  let eventId: string;

  const subscribe = (token: string, endpoint: string) =>
    call(t, 'POST', '/api/users/me/push-subscriptions', { endpoint, keys: keys() }, { token });

  async function ingest(value: number) {
    const base = goodBatch();
    const batch: FeedBatch = {
      ...base,
      provider: 1,
      fetchedAt: new Date(t.clock.now()).toISOString(),
      events: [
        {
          ...base.events[0]!,
          markets: [
            {
              market: 1,
              prices: [
                { selection: 1, value },
                { selection: 2, value: 3.5 },
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
    t = await buildTestApp(
      {
        ingestToken: TOKEN,
        vapid: { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: 'mailto:alerts@example.com' },
        publicUrl: 'https://oddsmate.example',
      },
      { database, resolveHost },
    );
    t.clock.advance(FIXTURE_NOW - Date.now());
    await ingest(1.8);
    eventId = (await t.db.selectFrom('events').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it('D2: refuses endpoints that point inside the network, in any spelling, with 400 PUSH_ENDPOINT_REFUSED', async () => {
    const { session } = await verifiedUser(t);
    const attacks = [
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://metadata/computeMetadata/v1/',
      'https://100.100.100.200/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://172.16.5.4/push',
      'https://172.31.255.255/push',
      'https://192.168.1.1/push',
      'https://[::1]/push',
      'https://[::1]:6379/',
      'https://localhost/push',
      'https://localhost:5432/',
      'https://api.localhost/push',
      'https://0.0.0.0/push',
      'https://0/push',
      'https://2130706433/push',
      'https://0x7f000001/push',
      'https://0x7f.1/push',
      'https://017700000001/push',
      'https://[::ffff:169.254.169.254]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[::ffff:a9fe:a9fe]/push',
      'https://[64:ff9b::a9fe:a9fe]/push',
      'https://[fd12:3456::1]/push',
      'https://[fe80::1]/push',
      'https://[ff02::1]/push',
      'https://224.0.0.1/push',
      'https://255.255.255.255/push',
      'https://internal.example.net/push',
      'https://mixed.example.net/push',
      'https://v6private.example.net/push',
      'https://printer.local/push',
      'https://does-not-resolve.example.org/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'ftp://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com/fcm/send/a b',
      'https://fcm.googleapis.com/fcm/send/a\tb',
      'https://fcm.googleapis.com/fcm/send/\u202eabc',
      'not a url',
    ];
    for (const endpoint of attacks) {
      const answer = log.sent(await subscribe(session.token, endpoint));
      expect([endpoint, answer.statusCode]).toEqual([endpoint, 400]);
      expect(errorOf(answer).code).toMatch(/^(PUSH_ENDPOINT_REFUSED|VALIDATION_ERROR)$/);
    }
    expect(
      await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', session.user.id).execute(),
    ).toEqual([]);
    // A real push service's address is fine.
    expect((await subscribe(session.token, fcm())).statusCode).toBe(201);
  });

  it('D2: a name that resolves inside the network by the time an alert fires is not contacted, and stays', async () => {
    const { session } = await verifiedUser(t);
    const endpoint = `https://rebind.example.net/push/${process.pid}`;
    expect((await subscribe(session.token, endpoint)).statusCode).toBe(201);
    const created = await call(
      t,
      'POST',
      '/api/users/me/alerts',
      { eventId, marketId: 1, selectionTypeId: 1, atLeast: 1.9 },
      { token: session.token },
    );
    expect(created.statusCode).toBe(201);
    dns.set('rebind.example.net', ['169.254.169.254']);
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      await ingest(1.95);
      log.count();
      expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('rebind.example.net'))).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
      dns.set('rebind.example.net', ['93.184.216.34']);
    }
    // The alert fired in the app; the refused endpoint was skipped, not removed (no yes/no answer leaks).
    const listed = await call(t, 'GET', '/api/users/me/notifications', undefined, { token: session.token });
    expect(listed.json().data.unread).toBe(1);
    const kept = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('endpoint', '=', endpoint)
      .execute();
    expect(kept).toHaveLength(1);
  });

  it('D6: another person posting the same endpoint gets 409 and the subscription stays its owner’s', async () => {
    const { session: owner } = await verifiedUser(t);
    const { session: thief } = await verifiedUser(t);
    const endpoint = fcm();
    expect((await subscribe(owner.token, endpoint)).statusCode).toBe(201);
    const [a, b] = await Promise.all([subscribe(thief.token, endpoint), subscribe(thief.token, endpoint)]);
    log.count(2);
    for (const answer of [a, b]) {
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer).code).toBe('PUSH_ENDPOINT_TAKEN');
    }
    const row = await t.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', endpoint)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(owner.user.id);
    // The owner renewing the keys is fine; the thief's delete removes nothing of the owner's.
    expect((await subscribe(owner.token, endpoint)).statusCode).toBe(201);
    await call(t, 'DELETE', '/api/users/me/push-subscriptions', { endpoint }, { token: thief.token });
    expect(
      await t.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).execute(),
    ).toHaveLength(1);
    // Two people racing for one new endpoint: exactly one gets it.
    const fresh = fcm();
    const race = await Promise.all([subscribe(owner.token, fresh), subscribe(thief.token, fresh)]);
    log.count(2);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('D3: 20 parallel favourites updates all answer 200 and leave one whole list', async () => {
    const { session } = await verifiedUser(t);
    const lists = Array.from({ length: 20 }, (_, i) => [`Team ${i} A`, `Team ${i} B`, `Team ${i} C`]);
    const answers = await Promise.all(
      lists.map((teams) => call(t, 'PUT', '/api/users/me/favourites', { teams }, { token: session.token })),
    );
    log.count(answers.length);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const stored = (await call(t, 'GET', '/api/users/me/favourites', undefined, { token: session.token })).json().data
      .teams;
    expect(lists).toContainEqual(stored);
  });

  const alertBody = (i: number) => ({ eventId, marketId: 1, selectionTypeId: 2, atLeast: 10 + i / 100 });

  it('D4: 29 alerts and 5 parallel creates end at exactly 30; 50 parallel from zero end at 30', async () => {
    const { session } = await verifiedUser(t);
    for (let i = 0; i < 29; i += 1) {
      expect((await call(t, 'POST', '/api/users/me/alerts', alertBody(i), { token: session.token })).statusCode).toBe(
        201,
      );
    }
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(t, 'POST', '/api/users/me/alerts', alertBody(50 + i), { token: session.token }),
      ),
    );
    log.count(burst.length);
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of burst.filter((a) => a.statusCode !== 201)) expect(errorOf(r).code).toBe('ALERT_LIMIT_REACHED');
    const count = async (userId: string) =>
      (
        await t.db
          .selectFrom('alerts')
          .select('id')
          .where('user_id', '=', userId)
          .where('status', '=', 'active')
          .execute()
      ).length;
    expect(await count(session.user.id)).toBe(30);

    const { session: other } = await verifiedUser(t);
    const fifty = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t, 'POST', '/api/users/me/alerts', alertBody(i), { token: other.token }),
      ),
    );
    log.count(fifty.length);
    expect(fifty.filter((r) => r.statusCode === 201)).toHaveLength(30);
    expect(await count(other.user.id)).toBe(30);
  });

  it('D5: 9 devices and 5 parallel subscribes end at exactly 10; 30 parallel from zero end at 10', async () => {
    const { session } = await verifiedUser(t);
    for (let i = 0; i < 9; i += 1) expect((await subscribe(session.token, fcm())).statusCode).toBe(201);
    const burst = await Promise.all(Array.from({ length: 5 }, () => subscribe(session.token, fcm())));
    log.count(burst.length);
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const devices = async (userId: string) =>
      (await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).length;
    expect(await devices(session.user.id)).toBe(10);

    const { session: other } = await verifiedUser(t);
    const thirty = await Promise.all(Array.from({ length: 30 }, () => subscribe(other.token, fcm())));
    log.count(thirty.length);
    expect(thirty.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(await devices(other.user.id)).toBe(10);
  });

  it('D7: the 120 reads a minute are counted per person across routes', async () => {
    const { session } = await verifiedUser(t);
    const read = (url: string) => call(t, 'GET', url, undefined, { token: session.token });
    const routes = [
      '/api/users/me/favourites',
      '/api/users/me/alerts',
      '/api/users/me/notifications',
      '/api/users/me/alert-settings',
    ];
    for (let i = 0; i < 120; i += 1) expect((await read(routes[i % routes.length]!)).statusCode).toBe(200);
    for (const url of routes) {
      const limited = log.sent(await read(url));
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMIT_EXCEEDED');
    }
    // Another person is not affected.
    const { session: other } = await verifiedUser(t);
    expect((await call(t, 'GET', routes[0]!, undefined, { token: other.token })).statusCode).toBe(200);
  });
});

describe('push services allow-list (PUSH_SERVICES)', () => {
  it('accepts only the listed push services when configured', async () => {
    const t = await buildTestApp(
      { pushServices: ['fcm.googleapis.com', '*.push.services.mozilla.com'] },
      { resolveHost },
    );
    try {
      const { session } = await verifiedUser(t);
      const post = (endpoint: string) =>
        call(t, 'POST', '/api/users/me/push-subscriptions', { endpoint, keys: keys() }, { token: session.token });
      expect((await post(fcm())).statusCode).toBe(201);
      expect((await post('https://updates.push.services.mozilla.com/wpush/v2/abc')).statusCode).toBe(201);
      const elsewhere = log.sent(await post('https://rebind.example.net/push/1'));
      expect(elsewhere.statusCode).toBe(400);
      expect(errorOf(elsewhere).code).toBe('PUSH_ENDPOINT_REFUSED');
    } finally {
      await t.close();
    }
  });
});
