/**
 * An unchanged odds poll is cheap on the wire (docs/architecture.md#data-flow): the 304 a phone gets
 * back, measured as the raw bytes over a real socket, stays within 500 bytes, and JSON answers
 * carry only the security headers that matter for JSON, not the pages' set.
 */
import { connect } from 'node:net';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import { buildTestApp, type TestApp } from '../support/test-app';
import { mintToken, signedQuery } from './support/odds-client';

const PREMIER_LEAGUE_1X2 = { country: 'nigeria', competition: '1', market: '1' };

let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({}, { smtp: false });
  for (const batch of new DemoFeed({ seed: 42 }).tick(t.app.now())) await t.app.odds.ingest(batch, 'demo');
  token = await mintToken(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

/** Sends one raw HTTP/1.1 request as a phone browser would and returns every byte of the answer. */
function rawGet(path: string, headers: Record<string, string>): Promise<Buffer> {
  const request = [
    `GET ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Accept: */*',
    'Accept-Encoding: gzip, deflate, br, zstd',
    'Accept-Language: en-NG,en;q=0.9',
    'User-Agent: Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

function parse(raw: Buffer): { status: number; headers: Map<string, string>; body: Buffer } {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine?.split(' ')[1]), headers, body: raw.subarray(end + 4) };
}

it('answers an unchanged poll with a 304 of at most 500 bytes on the wire', async () => {
  const path = `/api/odds?${signedQuery(token, PREMIER_LEAGUE_1X2)}`;
  // An answer nobody read yet is compressed off the request path after its first request (which
  // goes out uncompressed); the next reads get the compressed bytes.
  let first = parse(await rawGet(path, { Authorization: `Bearer ${token}` }));
  for (let tries = 0; first.headers.get('content-encoding') !== 'br' && tries < 100; tries += 1) {
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    first = parse(await rawGet(path, { Authorization: `Bearer ${token}` }));
  }
  expect(first.status).toBe(200);
  expect(first.headers.get('content-encoding')).toBe('br');
  const etag = first.headers.get('etag') as string;
  expect(etag).toMatch(/^".+-br"$/);

  const raw = await rawGet(path, { Authorization: `Bearer ${token}`, 'If-None-Match': etag });
  const poll = parse(raw);
  expect(poll.status).toBe(304);
  expect(poll.body.length).toBe(0);
  expect(poll.headers.get('etag')).toBe(etag);
  expect(raw.length).toBeLessThanOrEqual(500);
});

it('keeps the pages-only security headers off JSON answers, and what JSON needs on them', async () => {
  const json = parse(await rawGet('/api/odds/summary?country=nigeria', {}));
  expect(json.status).toBe(200);
  expect(json.headers.get('x-content-type-options')).toBe('nosniff');
  // Rendered as a document (opened directly), a JSON answer may load and frame nothing.
  expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(json.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  for (const name of [
    'permissions-policy',
    'x-frame-options',
    'x-xss-protection',
    'x-download-options',
    'origin-agent-cluster',
  ]) {
    expect(json.headers.has(name)).toBe(false);
  }
  const error = parse(await rawGet('/api/odds/summary?country=atlantis', {}));
  expect(error.status).toBe(400);
  expect(error.headers.get('x-content-type-options')).toBe('nosniff');
  expect(error.headers.has('x-frame-options')).toBe(false);

  const page = parse(await rawGet('/', {}));
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(page.headers.get('x-frame-options')).toBe('DENY');
});
