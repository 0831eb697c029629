/**
 * Property: whatever arrives at any API route (arbitrary JSON, strings, bytes, huge or
 * malformed bodies, odd content types, junk tokens and queries) the answer is never a 5xx, and
 * every error is the envelope of docs/architecture.md#http-api. Routes come from the OpenAPI document, so
 * new routes are covered without touching this file.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { verifiedUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

const ERROR_TYPES = ['validation', 'auth', 'rate_limit', 'not_found', 'conflict', 'server'];

interface Route {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
}

const HUGE = 'x'.repeat(300 * 1024);

const bodies = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc
    .record({ email: fc.string(), otp: fc.string(), password: fc.string(), username: fc.string() })
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constantFrom('{"a":', '[', '{"__proto__":{"polluted":1}}', 'null', '""', '{}', '[]', `{"m":"${HUGE}"}`, ''),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  undefined,
);

const queries = fc.option(
  fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 4 }).map((q) =>
    Object.entries(q)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
  ),
);

describe('any input to any API route', () => {
  let t: TestApp;
  let routes: Route[];
  let goodToken: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { smtp: false, mailer: { kind: 'outbox', send: async () => {}, close: () => {} } });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([url, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase() as Route['method'], url })),
    );
    routes.push({ method: 'GET', url: '/api/docs/json' }, { method: 'POST', url: '/api/nowhere' });
    const auth = await buildTestApp({}, { db: t.db });
    goodToken = (await verifiedUser(auth)).session.token;
    await auth.close();
  });
  afterAll(() => t.close());

  it('covers the users, analytics and health routes at least', () => {
    const urls = routes.map((r) => r.url);
    for (const url of ['/api/users/register', '/api/users/login', '/api/analytics/events', '/api/health']) {
      expect(urls).toContain(url);
    }
  });

  it('never answers 5xx and always answers errors with the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        bodies,
        contentTypes,
        queries,
        fc.constantFrom('none', 'good', 'junk', 'bearer-junk'),
        async (routeIndex, body, contentType, query, auth) => {
          const route = routes[routeIndex % routes.length]!;
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (auth === 'good') headers.authorization = `Bearer ${goodToken}`;
          if (auth === 'junk') headers.authorization = 'Basic ???';
          if (auth === 'bearer-junk') headers.authorization = 'Bearer a.b.c';
          const request: InjectOptions = {
            method: route.method,
            url: query ? `${route.url}?${query}` : route.url,
            headers,
          };
          if (route.method !== 'GET') request.payload = body;
          const response = await t.app.inject(request);

          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const parsed = JSON.parse(response.body);
            expect(Object.keys(parsed)).toEqual(['error']);
            expect(typeof parsed.error.code).toBe('string');
            expect(parsed.error.code).toMatch(/^[A-Z_]+$/);
            expect(typeof parsed.error.description).toBe('string');
            expect(ERROR_TYPES).toContain(parsed.error.type);
            if (response.statusCode === 429) expect(response.headers['retry-after']).toBeDefined();
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 400 },
    );
  });
});
