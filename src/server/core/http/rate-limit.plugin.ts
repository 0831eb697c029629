/**
 * Per-IP limits through @fastify/rate-limit, shared across processes via
 * Redis when REDIS_URL is set. Routes opt in with `config: { rateLimit: ipLimit(...) }`;
 * RATE_LIMITS=off turns the per-IP ones off while per-user and per-account rules stay.
 */
import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import Redis from 'ioredis';
import type { AppConfig } from '../config';
import { tooManyRequests } from '../errors';

const MINUTE = 60_000;

/** Per-IP defaults of docs/architecture.md#settled-details. */
const IP_LIMITS = {
  register: { max: 20, timeWindow: 60 * MINUTE },
  login: { max: 30, timeWindow: MINUTE },
  verify: { max: 30, timeWindow: 5 * MINUTE },
  reset: { max: 30, timeWindow: 5 * MINUTE },
  resend: { max: 30, timeWindow: 5 * MINUTE },
  forgot: { max: 30, timeWindow: 5 * MINUTE },
  refresh: { max: 150, timeWindow: 5 * MINUTE },
  logout: { max: 150, timeWindow: 5 * MINUTE },
  /** Change password and delete account (a password check each, also under the account lockout). */
  account: { max: 30, timeWindow: 5 * MINUTE },
  export: { max: 10, timeWindow: 60 * MINUTE },
  analytics: { max: 60, timeWindow: MINUTE },
  /** The one-click unsubscribe link of alert e-mail (no bearer). */
  unsubscribe: { max: 30, timeWindow: MINUTE },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

type IpLimitName = keyof typeof IP_LIMITS;

/** Route config for a per-IP limit, or `false` (no limit) when RATE_LIMITS=off. */
export function ipLimit(config: AppConfig, name: IpLimitName): RateLimitOptions | false {
  return config.rateLimits ? { ...IP_LIMITS[name] } : false;
}

export default fp(
  async (app) => {
    const { config } = app;
    const redis = config.redisUrl
      ? // No offline queue: while Redis is away, a check fails at once and is skipped (skipOnError)
        // instead of holding the request until a reconnect.
        new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
      // Give Redis a moment at start so the first requests are counted; never block start on it.
      await new Promise<void>((resolve) => {
        redis.once('ready', () => resolve());
        setTimeout(resolve, 2000).unref();
      });
      if (redis.status !== 'ready') app.log.warn('Redis not reachable yet: per-IP limits are skipped until it is');
      app.addHook('onClose', async () => {
        // quit() waits for a reply a down server never sends; disconnect() also stops reconnecting.
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else if (redis.status !== 'end') {
          const ended = new Promise((resolve) => {
            redis.once('end', resolve);
            setTimeout(resolve, 1000).unref();
          });
          redis.disconnect();
          await ended;
        }
      });
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'oddsmate-rate-limit:',
      // A store outage must not take logins down with it; the per-account rules still hold.
      skipOnError: true,
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
