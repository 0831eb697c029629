/**
 * Security headers with a strict CSP (ARCHITECTURE §4, §8): the session lives in
 * localStorage, so no inline script and no foreign origins may run on our pages.
 *
 * The header set is the same for every response, so helmet runs once at start-up against a
 * recording response and each request only copies the recorded headers: building helmet's
 * middleware per request (as the Fastify wrapper does) cost a third of the odds API's throughput.
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { globalPlugin } from '../global-plugin';

const SELF = "'self'";

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: [SELF],
      scriptSrc: [SELF],
      styleSrc: [SELF],
      imgSrc: [SELF, 'data:'],
      fontSrc: [SELF, 'data:'],
      connectSrc: [SELF],
      manifestSrc: [SELF],
      objectSrc: ["'none'"],
      baseUri: [SELF],
      formAction: [SELF],
      frameAncestors: ["'none'"],
    },
  },
  // Nothing here embeds cross-origin resources that would need to opt in.
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for `options`, recorded once. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Origins GA4's gtag.js loads from and reports to (its documented CSP requirements). */
export const GA4_SCRIPT_ORIGINS = ['https://www.googletagmanager.com'];
export const GA4_CONNECT_ORIGINS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

/** The strict policy; a configured GA4 adds exactly its script and connect origins (ARCHITECTURE §8). */
export function helmetOptions(ga4: boolean): HelmetOptions {
  if (!ga4) return HELMET_OPTIONS;
  const csp = HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[]> };
  const directives = { ...csp.directives };
  directives.scriptSrc = [...(directives.scriptSrc ?? []), ...GA4_SCRIPT_ORIGINS];
  directives.connectSrc = [...(directives.connectSrc ?? []), ...GA4_CONNECT_ORIGINS];
  return { ...HELMET_OPTIONS, contentSecurityPolicy: { useDefaults: false, directives } };
}

export default globalPlugin('helmet', async (app) => {
  const headers = securityHeaders(helmetOptions(app.config.ga4MeasurementId !== null));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
