/**
 * Drives the demo simulator in the server process: a tick at start, then one every
 * DEMO_TICK_S seconds, each tick's batches through the ingest pipeline as source 'demo'.
 * A tick that is still running when the next is due is not overlapped; stop() waits for it.
 */
import type { OddsService } from '../odds.service';
import { DemoFeed } from './demo-feed';

interface DemoRunnerOptions {
  seed: number;
  tickMs: number;
  now: () => number;
  onError: (error: unknown) => void;
}

export interface DemoRunner {
  /** Runs one tick now (tests call it instead of waiting for the timer). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startDemoFeed(service: OddsService, options: DemoRunnerOptions): DemoRunner {
  const feed = new DemoFeed({ seed: options.seed });
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = (): Promise<void> => {
    if (running) return running;
    if (stopped) return Promise.resolve();
    running = service
      .ingestAll(feed.tick(options.now()), 'demo')
      .then(
        () => undefined,
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void tick(), options.tickMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
