import { securityHeaders } from '../../src/server/core/http/security-headers.plugin';
import { buildApp } from '../../src/server/app';
import { databasesUnderTest } from './support/databases';
import { buildTestApp, type TestApp, testConfig } from './support/test-app';

describe.each(databasesUnderTest())('app core on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database, smtp: false });
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ data: { status: 'ok' } });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ready' } });
  });

  it('gives every response a request id, keeping a well-formed one the caller sent', async () => {
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const kept = await t.app.inject({ url: '/api/nothing', headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\u0007' } });
    // A malformed one is replaced by a fresh id: ten characters of Crockford's base32.
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it('answers unknown API paths and methods with the 404 envelope', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nothing' },
      { method: 'POST' as const, url: '/api/health' },
      { method: 'DELETE' as const, url: '/somewhere' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          description: 'Not found',
          type: 'not_found',
          requestId: response.headers['x-request-id'],
        },
      });
    }
  });

  it('sends the strict CSP and the other helmet headers with pages', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('adds exactly GA4 script and connect origins when GA4 is configured', () => {
    const csp = (ga4: boolean) => securityHeaders(ga4)['content-security-policy'] ?? '';
    const directive = (policy: string, name: string) =>
      policy
        .split(';')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive(csp(false), 'script-src')).toEqual(["'self'"]);
    expect(directive(csp(true), 'script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(directive(csp(true), 'connect-src')).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ]);
    expect(directive(csp(true), 'default-src')).toEqual(["'self'"]);
    expect(csp(true)).not.toContain('unsafe-inline');
  });

  it('sends the same security headers on errors, which never reach a route', async () => {
    const ok = await t.app.inject({ url: '/api/health' });
    const missing = await t.app.inject({ url: '/api/nowhere' });
    expect(missing.statusCode).toBe(404);
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'cross-origin-resource-policy',
    ]) {
      expect(missing.headers[name]).toBe(ok.headers[name]);
      expect(missing.headers[name]).toBeTruthy();
    }
    expect(missing.headers['x-powered-by']).toBeUndefined();
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/ready'].get.responses['5XX']).toBeDefined();
    for (const [method, path] of [
      ['put', '/api/users/register'],
      ['post', '/api/users/verify-email'],
      ['post', '/api/users/resend-otp'],
      ['post', '/api/users/login'],
      ['post', '/api/users/refresh'],
      ['post', '/api/users/forgot-password'],
      ['post', '/api/users/reset-password'],
      ['post', '/api/users/feedback'],
      ['post', '/api/analytics/events'],
    ] as const) {
      const operation = doc.paths[path][method];
      expect(operation.requestBody.content['application/json'].schema.type).toBe('object');
      expect(operation.responses['4XX']).toBeDefined();
    }
    expect(doc.paths['/api/users/register'].put.requestBody.content['application/json'].schema.required).toEqual([
      'userName',
      'email',
      'password',
      'country',
    ]);
    expect(doc.paths['/api/users/me'].get.security).toEqual([{ bearer: [] }]);
    // Only the API is documented: no web page, no static file, not the document itself.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(doc.paths['/api/docs/json']).toBeUndefined();
  });

  it('answers 503 SERVICE_UNAVAILABLE from /api/ready when the database is gone', async () => {
    const other = await buildTestApp({}, { database, smtp: false });
    await other.database?.drop();
    const ready = await other.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', type: 'server' });
    await other.app.close();
    await other.smtp?.close();
  });
});

describe('error envelope', () => {
  it('hides the cause of a 5xx and logs it', async () => {
    const logs: string[] = [];
    const config = testConfig();
    const { createTestDatabase } = await import('./support/databases');
    const database = await createTestDatabase({ name: 'sqlite', url: 'sqlite::memory:' });
    const app = await buildApp(config, {
      db: database.db,
      logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
    });
    app.get('/api/boom', async () => {
      throw new Error('secret table users_internal is on fire');
    });
    const response = await app.inject({ url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        description: 'Something went wrong on our side. Please try again.',
        type: 'server',
        requestId: response.headers['x-request-id'],
      },
    });
    expect(response.body).not.toContain('on fire');
    expect(logs.join('')).toContain('on fire');
    await app.close();
    await database.drop();
  });

  it('turns oversized, wrongly typed and malformed bodies into envelopes', async () => {
    const t = await buildTestApp({}, { smtp: false });
    const { Type } = await import('@sinclair/typebox');
    const app = await buildApp(t.config, { db: t.db, logger: false });
    app.post('/api/echo', { schema: { body: Type.Object({ name: Type.String({ minLength: 2 }) }) } }, async (r) => ({
      data: r.body,
    }));

    const big = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', type: 'validation' });

    const text = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const broken = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('VALIDATION_ERROR');

    const invalid = await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        description: 'Invalid request: name must be at least 2 characters',
        type: 'validation',
        details: [{ field: 'name', message: 'must be at least 2 characters' }],
        requestId: invalid.headers['x-request-id'],
      },
    });

    const missing = await app.inject({ method: 'POST', url: '/api/echo', payload: {} });
    expect(missing.json().error.details).toEqual([{ field: 'name', message: 'is required' }]);

    await app.close();
    await t.close();
  });
});

describe('real port', () => {
  it('listens, answers over HTTP and closes', async () => {
    const t = await buildTestApp({}, { smtp: false });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { status: 'ok' } });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    await t.close();
  });
});
