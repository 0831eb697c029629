import { createRandom } from '../../../src/server/modules/odds/demo/prng';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch } from './support/batches';
import { mintToken } from './support/odds-client';

const TOKEN = 'ingest-token-0123456789abcdef';

describe('POST /api/ingest when INGEST_TOKEN is unset', () => {
  it('answers 403 INGEST_DISABLED', async () => {
    const t = await buildTestApp({ ingestToken: null }, { smtp: false });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/ingest', payload: goodBatch() });
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).error).toMatchObject({ code: 'INGEST_DISABLED', type: 'auth' });
    } finally {
      await t.close();
    }
  });
});

describe.each(databasesUnderTest())('POST /api/ingest on $name', (database) => {
  let t: TestApp;
  const push = (payload: unknown, token: string | null = TOKEN, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: payload as string,
    });

  beforeAll(async () => {
    t = await buildTestApp({ ingestToken: TOKEN }, { database, smtp: false });
    // The fixtures' time: feeds may date nothing further than a year from now.
    t.clock.advance(FIXTURE_NOW - Date.now());
  });
  afterAll(async () => t.close());

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await push(goodBatch(), null)).statusCode).toBe(401);
    const wrong = await push(goodBatch(), `${TOKEN}x`);
    expect(wrong.statusCode).toBe(401);
    expect(JSON.parse(wrong.body).error.code).toBe('UNAUTHORIZED');
  });

  it('applies a batch, answers its run, and the prices show through the API at once', async () => {
    const res = await push(goodBatch());
    expect(res.statusCode).toBe(200);
    const { run } = JSON.parse(res.body).data;
    expect(run).toMatchObject({
      status: 'applied',
      source: 'push',
      provider: 1,
      country: 1,
      events: { seen: 2, created: 2 },
      prices: { seen: 8, changed: 8, withdrawn: 0 },
      error: null,
    });
    expect(run.id).toMatch(/^run_/);
    const summary = JSON.parse((await t.app.inject({ url: '/api/odds/summary?country=1' })).body).data;
    expect(summary.numOdds).toBe(8);
  });

  it('answers 400 INVALID_BATCH with details and changes nothing', async () => {
    const before = (await t.app.inject({ url: '/api/odds/summary?country=1' })).body;
    const bad = goodBatch();
    bad.events[0]!.markets[0]!.prices[0]!.value = 7;
    (bad.events[1] as unknown as Record<string, unknown>).venue = 'Old Trafford';
    const res = await push(bad);
    expect(res.statusCode).toBe(400);
    const { error } = JSON.parse(res.body);
    expect(error).toMatchObject({ code: 'INVALID_BATCH', type: 'validation' });
    expect(error.details).toContainEqual({ field: 'events[1].venue', message: 'is not a known field' });
    expect(error.description).toMatch(/^Invalid batch: /);
    expect((await t.app.inject({ url: '/api/odds/summary?country=1' })).body).toBe(before);
  });

  it('answers 400 for malformed JSON, an array or a string value sent as a number', async () => {
    const malformed = await push('{"provider": 1,', TOKEN, { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect((await push([goodBatch()])).statusCode).toBe(400);
    const coerced = goodBatch() as unknown as { provider: unknown };
    coerced.provider = '1';
    expect(JSON.parse((await push(coerced)).body).error.code).toBe('INVALID_BATCH');
  });

  it('never answers a 5xx to fuzzed bodies', async () => {
    const random = createRandom(4242);
    const junk = [null, true, 0, -1, 1.0000001, 1e308, '', 'x'.repeat(300), [], {}, { a: 1 }, '2030-13-45T99:99:99Z'];
    const mutate = (node: unknown, depth: number): unknown => {
      if (depth > 0 && node && typeof node === 'object') {
        const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : { ...node };
        const keys = Object.keys(copy);
        if (keys.length > 0) {
          const key = random.pick(keys);
          const entries = copy as Record<string, unknown>;
          if (random.chance(0.7)) entries[key] = mutate(entries[key], depth - 1);
          else if (random.chance(0.5)) delete entries[key];
          else entries[`${key}_extra`] = random.pick(junk);
        }
        return copy;
      }
      return random.chance(0.8) ? random.pick(junk) : node;
    };
    for (let i = 0; i < 150; i += 1) {
      const body = mutate(goodBatch({ fetchedAt: new Date(t.app.now()).toISOString() }), random.int(1, 6));
      const res = await push(body ?? 'null', TOKEN, { 'content-type': 'application/json' });
      expect(res.statusCode).toBeLessThan(500);
      expect(JSON.parse(res.body)).toHaveProperty(res.statusCode === 200 ? 'data' : 'error');
    }
  });

  it('never answers a 5xx to fuzzed odds query strings', async () => {
    const random = createRandom(99);
    const auth = { authorization: `Bearer ${await mintToken(t.app)}` };
    const pieces = [
      '1',
      'nigeria',
      'NIGERIA',
      '0',
      '-1',
      '99999999',
      '1.5',
      '%00',
      '%ZZ',
      '',
      ' ',
      'a'.repeat(200),
      '[]',
      '{}',
    ];
    const names = ['country', 'competition', 'market', 'k', 'x', 'country[]', '__proto__', 'constructor'];
    for (let i = 0; i < 150; i += 1) {
      const query = Array.from({ length: random.int(0, 6) }, () => `${random.pick(names)}=${random.pick(pieces)}`).join(
        '&',
      );
      for (const path of ['/api/odds', '/api/odds/summary', '/api/odds/sample']) {
        const res = await t.app.inject({ url: `${path}?${query}`, headers: auth });
        expect(res.statusCode).toBeLessThan(500);
        if (path === '/api/odds') expect([400, 403]).toContain(res.statusCode);
      }
    }
  });
});
