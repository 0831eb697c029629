/**
 * The API as a Fastify plugin tree (fastify/demo): the core plugins (error handler,
 * security headers, rate limits, database, mail, OpenAPI), then each feature module's plugin
 * (accounts with authentication, health, analytics, feedback, odds, alerts, booking) and last the web build.
 * Every plugin is a `fastify-plugin` with a name and declared dependencies, so a wrong order
 * fails at start-up. `server.ts` listens; tests call `buildApp` and use `inject()`.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './core/config';
import type { Db } from './core/db/connect';
import { serviceUnavailable } from './core/errors';
import { answerBeforeRouting, answerClientError } from './core/http/client-errors';
import controlCharsPlugin from './core/http/control-chars.plugin';
import dbPlugin from './core/http/db.plugin';
import errorHandlerPlugin, { answerFrameworkError } from './core/http/error-handler.plugin';
import openapiPlugin from './core/http/openapi.plugin';
import rateLimitPlugin from './core/http/rate-limit.plugin';
import { requestIdOf } from './core/http/request-id';
import { parseJsonStrictly } from './core/http/json-body';
import { requestRefusal } from './core/http/request-checks';
import securityHeadersPlugin from './core/http/security-headers.plugin';
import { lazyChildLoggerFactory } from './core/logging/request-logger';
import mailPlugin from './core/mail/mail.plugin';
import type { Mailer } from './core/mail/mailer';
import accountsPlugin from './modules/accounts/accounts.plugin';
import alertsPlugin from './modules/alerts/alerts.plugin';
import authPlugin from './modules/accounts/auth.plugin';
import bookingPlugin from './modules/booking/booking.plugin';
import analyticsPlugin from './modules/analytics/analytics.plugin';
import feedbackPlugin from './modules/feedback/feedback.plugin';
import healthPlugin from './modules/health/health.plugin';
import oddsPlugin from './modules/odds/odds.plugin';
import webPlugin from './modules/web/web.plugin';
import type { ResolveHost } from './modules/alerts/push-endpoint';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The clock every rule uses (ms since the epoch); tests inject their own. */
    now(): number;
  }
}

export interface BuildAppOptions {
  /** Use this database instead of opening DATABASE_URL; the caller closes it. */
  db?: Db;
  /** Use this mailer instead of SMTP_URL / the outbox. */
  mailer?: Mailer;
  /** Clock in ms; defaults to Date.now. */
  now?: () => number;
  /** Logger level/stream merged over LOG_LEVEL; redaction always applies. False: silence. */
  logger?: false | LoggerSettings;
  /** False for API-only processes (`--no-ingest`): the odds feature runs no feed. */
  ingest?: boolean;
  /** How push endpoints' hosts are resolved; defaults to the system resolver. */
  resolveHost?: ResolveHost;
}

/** Bodies larger than this answer 413; routes that need more set their own bodyLimit. */
const BODY_LIMIT = 256 * 1024;

/** Log paths that may hold secrets: passwords, tokens, codes, credentials. */
const REDACTED_PATHS = [
  'password',
  'token',
  'refreshToken',
  'otp',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-ingest-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.otp',
  'body.password',
  'body.token',
  'body.refreshToken',
  'body.otp',
  // Codes sent in bodies stay hidden; `err.code` (ECONNRESET, a SQLSTATE) stays readable.
  'body.code',
  '*.body.code',
];

/** Fastify/pino logger options (level, stream, file, …); never `true`, the defaults apply. */
type LoggerSettings = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(config: AppConfig) {
  return { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}) {
  const app = Fastify({
    // Whatever logger a caller asks for, secrets stay redacted.
    logger: options.logger === false ? false : { ...loggerOptions(config), ...options.logger },
    // Each request's logger is built when it first writes a line (see request-logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLoggerFactory }),
    // Only the listed proxies may speak for the client address.
    trustProxy: config.trustProxy === false ? false : [...config.trustProxy],
    bodyLimit: BODY_LIMIT,
    genReqId: requestIdOf,
    // Fastify's own 503 while closing is not our envelope; the onRequest hook below answers it.
    return503OnClosing: false,
    // Errors before routing (431, a malformed request line, a timeout) answer in the envelope too.
    clientErrorHandler: answerClientError,
    // So do the router's refusals: a broken percent-encoding, a path parameter too long.
    frameworkErrors: answerFrameworkError,
    // Unknown fields must fail where a schema says additionalProperties: false, not vanish; and
    // a value is what its schema says, never coerced (`otp: ["123456"]`, `country: true` are
    // 400). Query values are strings, and every query schema says so (src/shared/contract/).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // Slow clients may not hold a socket for long: headers within
    // HEADERS_TIMEOUT_S, the whole request within REQUEST_TIMEOUT_S (each answers 408).
    requestTimeout: config.requestTimeoutS * 1000,
    http: {
      headersTimeout: config.headersTimeoutS * 1000,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutS * 1000),
      // Node's own 400 for an HTTP/1.1 request without Host has no envelope: request-checks.ts answers it.
      requireHostHeader: false,
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // An unmet Expect and CONNECT never reach Fastify: answered in the envelope there (client-errors.ts).
  answerBeforeRouting(app.server, app.log);

  // JSON in and out: any other body type answers 415.
  app.removeContentTypeParser('text/plain');
  parseJsonStrictly(app);
  app.decorate('config', config);
  app.decorate('now', options.now ?? Date.now);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style: this runs on every request, and an async hook costs a promise and a turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // A missing Host, a coded body (request-checks.ts): refused before anything reads the request.
    const refused = requestRefusal(request);
    if (refused) {
      reply.header('connection', 'close');
      done(refused);
      return;
    }
    if (closing) {
      reply.header('connection', 'close');
      done(serviceUnavailable('The server is restarting. Please try again in a moment.'));
      return;
    }
    done();
  });

  // Core.
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(controlCharsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(dbPlugin, { config, db: options.db });
  await app.register(mailPlugin, { mailer: options.mailer });
  // Before any route: it collects them as they are registered.
  await app.register(openapiPlugin);

  // Feature modules; each registers its own routes under /api.
  await app.register(authPlugin);
  await app.register(accountsPlugin);
  await app.register(healthPlugin);
  await app.register(analyticsPlugin);
  await app.register(feedbackPlugin);
  await app.register(oddsPlugin, { ingest: options.ingest ?? true });
  await app.register(alertsPlugin, options.resolveHost ? { resolveHost: options.resolveHost } : {});
  await app.register(bookingPlugin);

  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
