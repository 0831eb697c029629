/**
 * The alerts feature: the watchlist calls under /api/users/me, the
 * one-click unsubscribe under /api/alerts, and the evaluation of every committed batch, whichever
 * process committed it (the odds feature follows the price history by odds version). Decorates `app.alerts`; its personal data
 * joins the account's export and deletion through the accounts context.
 *
 * Timers: a refresh of the index (new alerts from other processes) every 2 s and a full
 * reload every minute; kick-off endings and due batched e-mail every 5 s.
 */
import fp from 'fastify-plugin';
import type { OddsEventDto } from '@shared/contract/odds';
import { OddsFlag } from '@shared/lookups';
import { profile } from '../accounts/profile.service';
import alertsRoutes from './alerts.routes';
import { AlertsFeature } from './alerts-feature';
import type { WatchedEvent } from './alerts.service';
import type { ResolveHost } from './push-endpoint';
import unsubscribeRoutes from './unsubscribe.routes';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsFeature;
  }
}

interface AlertsPluginOptions {
  /** How push endpoints' hosts are resolved (tests inject one; default the system's). */
  resolveHost?: ResolveHost;
  refreshMs?: number;
  fullReloadMs?: number;
  tickMs?: number;
}

function watched(event: OddsEventDto, marketId: number, selectionId: number): WatchedEvent {
  const prices: Array<{ providerId: number; value: number; boosted: boolean }> = [];
  for (const market of event.markets) {
    if (market.marketId !== marketId) continue;
    for (const book of market.odds) {
      for (const price of book.odds) {
        if (price.selectionTypeId !== selectionId || price.value === null) continue;
        prices.push({
          providerId: book.providerId,
          value: price.value,
          boosted: (price.flags & OddsFlag.Boosted) !== 0,
        });
      }
    }
  }
  return { name: event.name, kickoffAt: Date.parse(event.date), prices };
}

export default fp<AlertsPluginOptions>(
  async (app, options) => {
    const service = new AlertsFeature({
      db: app.db,
      config: app.config,
      now: () => app.now(),
      log: app.log,
      mailer: app.mailer,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      async findEvent(eventId, marketId, selectionId) {
        // Listed or not (kicked off, not priced yet): the odds module hands out the match itself.
        const match = await app.odds.match(eventId);
        return match ? watched(match, marketId, selectionId) : null;
      },
      async recipient(userId) {
        try {
          const { email, username } = await profile(app.accounts, userId);
          return { email, username };
        } catch {
          return null;
        }
      },
    });
    app.decorate('alerts', service);
    // Every committed batch, whichever process committed it (the odds service follows the price history).
    app.odds.onBatchCommitted(({ prices, committedAt }) =>
      service.evaluation.onPricesCommitted(
        prices.map((p) => ({ ...p, boosted: p.boosted === true })),
        committedAt,
      ),
    );
    app.accounts.personalData.push({
      export: (userId) => service.personalData(userId),
      delete: (db, userId) => service.deletePersonalData(db, userId),
    });

    await app.register(alertsRoutes, { prefix: '/api/users/me', feature: service });
    await app.register(unsubscribeRoutes, { prefix: '/api/alerts', delivery: service.delivery });

    const timers: NodeJS.Timeout[] = [];
    const onError = (error: unknown) => app.log.error({ err: error }, 'alerts error');
    const every = (ms: number, run: () => Promise<void>) => {
      const timer = setInterval(() => void run().catch(onError), ms);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onReady', async () => {
      const { evaluation, delivery } = service;
      await evaluation.refresh(true);
      every(options.refreshMs ?? 2000, () => evaluation.refresh());
      every(options.fullReloadMs ?? 60_000, () => evaluation.refresh(true));
      every(options.tickMs ?? 5000, async () => {
        await evaluation.endStarted();
        await delivery.deliverMail();
      });
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await service.settled();
    });
  },
  { name: 'alerts', fastify: '5.x', dependencies: ['db', 'mail', 'auth', 'rate-limit', 'accounts', 'odds'] },
);
