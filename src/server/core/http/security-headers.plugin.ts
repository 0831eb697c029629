/**
 * Security headers with a strict CSP: the session lives in
 * localStorage, so no inline script and no foreign origins may run on our pages. JSON answers
 * (`/api/…`) get a lean set instead: what matters for a JSON answer —
 * no sniffing, no cross-origin reads, nothing loaded or framed if it is opened as a document,
 * HTTPS only — without the pages' policies, so an unchanged odds poll stays a few hundred bytes.
 *
 * The header set is the same for every response, so it is computed once at start-up, frozen,
 * and each request only copies it (a per-request middleware cost a third of the odds API's
 * throughput). The values are those helmet 8 sends for this policy, declared here directly.
 */
import fp from 'fastify-plugin';

const SELF = "'self'";

/** The strict policy, directive by directive, in the order it is sent. */
const CSP_DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', [SELF]],
  ['script-src', [SELF]],
  ['style-src', [SELF]],
  ['img-src', [SELF, 'data:']],
  ['font-src', [SELF, 'data:']],
  ['connect-src', [SELF]],
  ['manifest-src', [SELF]],
  ['object-src', ["'none'"]],
  ['base-uri', [SELF]],
  ['form-action', [SELF]],
  ['frame-ancestors', ["'none'"]],
];

/** Origins GA4's gtag.js loads from and reports to (its documented CSP requirements). */
const GA4_SCRIPT_ORIGINS = ['https://www.googletagmanager.com'];
const GA4_CONNECT_ORIGINS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

/** The headers besides the CSP; nothing here embeds cross-origin resources, so no COEP. */
const STATIC_HEADERS = {
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
} as const;

/**
 * Sent with HTML pages only (JSON answers keep the set above): the app uses none of these
 * browser features, so no page, nor anything injected into one, may ask for them.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The CSP header value; a configured GA4 adds exactly its script and connect origins. */
function contentSecurityPolicy(ga4: boolean): string {
  return CSP_DIRECTIVES.map(([name, sources]) => {
    let all = sources;
    if (ga4 && name === 'script-src') all = [...sources, ...GA4_SCRIPT_ORIGINS];
    if (ga4 && name === 'connect-src') all = [...sources, ...GA4_CONNECT_ORIGINS];
    return `${name} ${all.join(' ')}`;
  }).join(';');
}

/** Every security header, built once per app and frozen. */
export function securityHeaders(ga4: boolean): Readonly<Record<string, string>> {
  return Object.freeze({ 'content-security-policy': contentSecurityPolicy(ga4), ...STATIC_HEADERS });
}

/**
 * The headers of JSON answers: a document-less policy and the protections that apply to any
 * response (also sent by the router's refusals, which no hook sees: error-handler.plugin.ts).
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': STATIC_HEADERS['cross-origin-resource-policy'],
  'strict-transport-security': STATIC_HEADERS['strict-transport-security'],
  'x-content-type-options': STATIC_HEADERS['x-content-type-options'],
});

const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

export default fp(
  async (app) => {
    const headers = securityHeaders(app.config.ga4MeasurementId !== null);
    // Callback style: this runs on every request, and an async hook costs a promise and a turn.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApi(request.url) ? API_HEADERS : headers);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x', decorators: { fastify: ['config'] } },
);
