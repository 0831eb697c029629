/**
 * Odds answers go out compressed when the client accepts it: brotli before gzip, honouring
 * q-values; the same bytes once decompressed; one strong ETag per representation (304 only
 * for the one the client holds); answers under 1 KB and clients that accept neither get the
 * plain JSON; a malformed Accept-Encoding never costs more than falling back to it.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import { COMPRESS_MIN_BYTES } from '../../../src/server/modules/odds/snapshot/snapshot-entry';
import { buildTestApp, type TestApp } from '../support/test-app';
import { getOdds, mintToken } from './support/odds-client';

const PREMIER_LEAGUE_1X2 = { country: 'nigeria', competition: '1', market: '1' };

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({}, { smtp: false });
  for (const batch of new DemoFeed({ seed: 42 }).tick(t.app.now())) await t.app.odds.ingest(batch, 'demo');
  token = await mintToken(t.app);
  // The first request of an answer goes out plain and starts its compression in the thread pool.
  const first = await odds('br');
  expect(first.headers['content-encoding']).toBeUndefined();
  await t.app.inject({ url: '/api/odds/sample?country=nigeria', headers: { 'accept-encoding': 'gzip' } });
  for (
    let i = 0;
    i < 200 && !(t.app.odds.snapshot.odds(1, 1, 1)?.encoded && t.app.odds.snapshot.sample(1)?.encoded);
    i += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});
afterAll(async () => t.close());

const odds = (acceptEncoding?: string, extra: Record<string, string> = {}) =>
  getOdds(t.app, token, PREMIER_LEAGUE_1X2, undefined, {
    ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    ...extra,
  });

it('sends plain JSON to a client that states no encoding, and says the answer varies by it', async () => {
  const plain = await odds();
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toBe('accept-encoding');
  expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
});

it('prefers brotli, falls back to gzip, and decompresses to exactly the plain answer', async () => {
  const plain = await odds();
  const br = await odds('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

  const gzip = await odds('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

  // A higher q-value wins over the server's preference; q=0 refuses an encoding.
  expect((await odds('br;q=0.5, gzip;q=0.9')).headers['content-encoding']).toBe('gzip');
  expect((await odds('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
});

it('sends plain JSON when nothing acceptable is offered', async () => {
  for (const header of ['identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
    const res = await odds(header);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(res.body) as unknown).not.toThrow();
  }
});

it('gives each representation its own strong ETag and answers 304 only for the one the client holds', async () => {
  const plain = await odds();
  const br = await odds('br');
  const gzip = await odds('gzip');
  const tags = [plain, br, gzip].map((r) => r.headers.etag as string);
  expect(new Set(tags).size).toBe(3);
  for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);

  const fresh = await odds('br', { 'if-none-match': br.headers.etag as string });
  expect(fresh.statusCode).toBe(304);
  expect(fresh.headers.etag).toBe(br.headers.etag);
  expect(fresh.headers['content-encoding']).toBeUndefined();
  // The plain answer's tag does not validate the compressed one (nor the reverse).
  expect((await odds('br', { 'if-none-match': plain.headers.etag as string })).statusCode).toBe(200);
  expect((await odds(undefined, { 'if-none-match': br.headers.etag as string })).statusCode).toBe(200);
});

it('compresses an entry once per encoding, off the request, and serves the same bytes until the next rebuild', async () => {
  const entry = t.app.odds.snapshot.odds(1, 1, 1);
  if (!entry) throw new Error('the snapshot has no Premier League 1X2 answer');
  const first = entry.encoded?.br;
  if (!first) throw new Error('the answer was not compressed after the rebuild');
  expect(entry.encoded?.gzip).not.toBe(first);
  const a = await odds('br');
  const b = await odds('br');
  expect(a.rawPayload.equals(first.body)).toBe(true);
  expect(b.rawPayload.equals(first.body)).toBe(true);
});

it('leaves answers under 1 KB uncompressed (the summary) and compresses the public sample', async () => {
  const summary = await t.app.inject({
    url: '/api/odds/summary?country=nigeria',
    headers: { 'accept-encoding': 'br' },
  });
  expect(summary.statusCode).toBe(200);
  expect(summary.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
  expect(summary.headers['content-encoding']).toBeUndefined();

  const sample = await t.app.inject({
    url: '/api/odds/sample?country=nigeria',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(t.app.odds.snapshot.sample(1)?.encoded?.gzip).toBeDefined();
  expect(sample.statusCode).toBe(200);
  expect(sample.headers['content-encoding']).toBe('gzip');
  const { data } = JSON.parse(gunzipSync(sample.rawPayload).toString()) as { data: { events: unknown[] } };
  expect(data.events.length).toBeGreaterThan(0);
});

it('treats a malformed or huge Accept-Encoding as offering nothing usable, never as an error', async () => {
  const headers = [';;;q=,', 'br;q=abc', 'gzip;q=-1', ',,,', '*;q=0', `x${'y'.repeat(8000)}`, 'BR', 'gZiP;Q=1'];
  for (const header of headers) {
    const res = await odds(header);
    expect(res.statusCode).toBe(200);
    const encoding = res.headers['content-encoding'];
    const body =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    expect(JSON.parse(body.toString())).toHaveProperty('data.events');
  }
});
