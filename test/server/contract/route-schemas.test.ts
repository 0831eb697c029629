/**
 * Every API route declares the schema of each answer it gives: its success status (2xx) and
 * the error envelope for 4xx and 5xx. Routes are read from the OpenAPI document, which lists
 * every route registered under /api; the document's own route is checked by its answer.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { OpenApiDocument } from '@shared/contract/health';
import { buildTestApp, type TestApp } from '../support/test-app';

type Operation = { responses?: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }> };

describe('route response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ingestToken: 'an-ingest-token-long-enough' }, { smtp: false });
  });
  afterAll(() => t.close());

  it('exist for 2xx, 4xx and 5xx on every API route', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, Operation>> };
    expect(TypeCompiler.Compile(OpenApiDocument).Check(document)).toBe(true);

    const missing: string[] = [];
    let routes = 0;
    for (const [url, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        routes += 1;
        const responses = operation.responses ?? {};
        const has = (status: string) => responses[status]?.content?.['application/json']?.schema !== undefined;
        const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        // A 204 answers no body, so the document gives it no content.
        if (success.length === 0 || !success.every((status) => status === '204' || has(status)))
          missing.push(`${method.toUpperCase()} ${url} 2xx`);
        if (!has('4XX')) missing.push(`${method.toUpperCase()} ${url} 4xx`);
        if (!has('5XX')) missing.push(`${method.toUpperCase()} ${url} 5xx`);
      }
    }
    expect(missing).toEqual([]);
    // users (8), feedback, analytics, health (2), odds (3), ingest
    expect(routes).toBeGreaterThanOrEqual(16);
  });
});
