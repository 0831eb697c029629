/**
 * The odds feature as one plugin: the read snapshot, the odds routes
 * under /api/odds, the push endpoint /api/ingest, the demo feed timer and the version
 * poller. Registered by app.ts after the db and auth plugins; decorates `app.odds`.
 *
 * - `ingest: false` (`--no-ingest`) runs no feed in this process; pushes are still accepted
 *   when INGEST_TOKEN is set (any process may take them; batches serialize in the database).
 * - Every process polls the odds version (default every 2 s) and rebuilds its snapshot when
 *   another process — the ingest worker, `npm run odds:import` — committed a batch.
 * - The ingesting process prunes, hourly, matches that kicked off more than 14 days ago (with
 *   their prices and history) and older ingest runs, so a long-running demo stays small.
 */
import fp from 'fastify-plugin';
import { type DemoRunner, startDemoFeed } from './demo/demo-runner';
import { OddsService } from './odds.service';
import bettingRoutes from './routes/betting.routes';
import ingestRoutes from './routes/ingest.routes';
import oddsRoutes from './routes/odds.routes';
import pulseRoutes from './routes/pulse.routes';
import sourcesRoutes from './routes/sources.routes';
import type { Collector } from './sources/collector/collector';
import { createLiveCollector, replayInto } from './sources/collector/live-feed';

declare module 'fastify' {
  interface FastifyInstance {
    odds: OddsService & { demo: DemoRunner | null; live: Collector | null };
  }
}

interface OddsPluginOptions {
  /** Run the configured feed (ODDS_FEED) in this process; false with `--no-ingest`. */
  ingest?: boolean;
  /** How often to look for batches other processes committed (ms). */
  versionPollMs?: number;
  /** How long Increased/Decreased show after a change (ms, default 6 h). */
  movementWindowMs?: number;
  matchToleranceMs?: number;
}

const DEFAULT_VERSION_POLL_MS = 2000;
const RETENTION_MS = 14 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

export default fp<OddsPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const onError = (error: unknown) => app.log.error({ err: error }, 'odds engine error');
    const service = new OddsService(app.db, {
      now: () => app.now(),
      movementWindowMs: options.movementWindowMs,
      matchToleranceMs: options.matchToleranceMs,
      onError,
    });
    const odds = Object.assign(service, { demo: null as DemoRunner | null, live: null as Collector | null });
    app.decorate('odds', odds);

    // Every open dashboard polls these; a pair of info lines per request halved the throughput of
    // GET /api/odds (npm run bench), so they log from warn up: failures, not traffic.
    await app.register(oddsRoutes, { prefix: '/api/odds', service, logLevel: 'warn' });
    await app.register(bettingRoutes, { prefix: '/api/odds', service, logLevel: 'warn' });
    await app.register(sourcesRoutes, { prefix: '/api/odds/sources' });
    // The alerts feature registers after this one: the count is asked of it when a pulse comes in.
    await app.register(pulseRoutes, {
      prefix: '/api/odds',
      service,
      logLevel: 'warn',
      unread: (userId) => (app.hasDecorator('alerts') ? app.alerts.delivery.unreadCount(userId) : Promise.resolve(0)),
    });
    await app.register(ingestRoutes, { prefix: '/api/ingest', service, token: config.ingestToken });

    let poller: NodeJS.Timeout | null = null;
    let pruner: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      await service.snapshot.rebuild();
      if ((options.ingest ?? true) && config.oddsFeed === 'demo') {
        odds.demo = startDemoFeed(service, {
          seed: config.demoSeed,
          tickMs: config.demoTickS * 1000,
          now: () => app.now(),
          onError,
        });
        await odds.demo.tick();
      }
      // ODDS_FEED=live: the collector polls the books; replay:DIR plays a recording once.
      // Both write through the service: its queue takes one batch at a time and rebuilds the snapshot after each.
      if ((options.ingest ?? true) && config.oddsFeed === 'live') {
        const log = (message: string, details?: Record<string, unknown>) => app.log.warn(details ?? {}, message);
        odds.live = await createLiveCollector(app.db, config.oddsSources, {
          now: () => app.now(),
          service,
          onError,
          log,
        });
        odds.live.start();
      }
      if ((options.ingest ?? true) && config.oddsFeed === 'replay' && config.oddsSources.replayDir) {
        const summary = await replayInto(app.db, config.oddsSources.replayDir, { now: () => app.now(), service });
        app.log.info({ ...summary, failed: summary.failed.length }, 'odds recording replayed');
      }
      poller = setInterval(() => {
        service.refreshIfChanged().catch(onError);
      }, options.versionPollMs ?? DEFAULT_VERSION_POLL_MS);
      poller.unref();
      if (options.ingest ?? true) {
        const prune = () => service.prune(RETENTION_MS).catch(onError);
        await prune();
        pruner = setInterval(() => void prune(), PRUNE_EVERY_MS);
        pruner.unref();
      }
    });

    app.addHook('onClose', async () => {
      if (poller) clearInterval(poller);
      if (pruner) clearInterval(pruner);
      await odds.demo?.stop();
      await odds.live?.stop();
      service.close();
    });
  },
  { name: 'odds', fastify: '5.x', dependencies: ['db', 'auth'] },
);
