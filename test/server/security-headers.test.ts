/**
 * The security headers, exactly as helmet 8 sent them for our policy before they were declared
 * directly (security-headers.plugin.ts): the same names and values on every answer.
 */
import { securityHeaders } from '../../src/server/core/http/security-headers.plugin';
import { buildTestApp, type TestApp } from './support/test-app';

const STRICT_CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self' data:;" +
  "connect-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const GA4_CSP =
  "default-src 'self';script-src 'self' https://www.googletagmanager.com;style-src 'self';img-src 'self' data:;" +
  "font-src 'self' data:;connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com " +
  "https://www.googletagmanager.com;manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
  "frame-ancestors 'none'";

const OTHER_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are the same set as before, computed once and frozen', () => {
    expect(securityHeaders(false)).toEqual({ 'content-security-policy': STRICT_CSP, ...OTHER_HEADERS });
    expect(securityHeaders(true)).toEqual({ 'content-security-policy': GA4_CSP, ...OTHER_HEADERS });
    expect(Object.isFrozen(securityHeaders(false))).toBe(true);
  });

  describe('on answers', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({}, { smtp: false });
    });
    afterAll(() => t.close());

    it('go out on successes and errors alike', async () => {
      for (const url of ['/', '/login', '/nowhere']) {
        const response = await t.app.inject({ url });
        expect(response.headers).toMatchObject({ 'content-security-policy': STRICT_CSP, ...OTHER_HEADERS });
      }
    });

    it('are a lean set on JSON answers: what JSON needs, none of the pages-only ones', async () => {
      for (const url of ['/api/health', '/api/nowhere', '/api/odds/summary?country=1', '/api/odds/summary?country=x']) {
        const response = await t.app.inject({ url });
        expect(response.headers).toMatchObject({
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'cross-origin-resource-policy': 'same-origin',
          'strict-transport-security': 'max-age=31536000; includeSubDomains',
          'x-content-type-options': 'nosniff',
        });
        for (const name of Object.keys(OTHER_HEADERS)) {
          if (!['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'].includes(name)) {
            expect(response.headers[name]).toBeUndefined();
          }
        }
        expect(response.headers['permissions-policy']).toBeUndefined();
      }
    });
  });
});
