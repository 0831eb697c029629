/**
 * The evaluation of price alerts: the in-memory index of active
 * alerts, checked against every committed ingest batch (whichever process committed it); the
 * alerts a batch meets fire in one transaction (exactly once across processes) with the best
 * current price of their selection, then go to delivery.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/db/connect';
import { newId } from '../../core/ids';
import { AlertIndex, type AlertHit, type ChangedPrice } from './alert-index';
import { indexed } from './alerts.dto';
import { endStartedAlerts } from './alerts.repository';
import type { FindEvent, WatchedEvent } from './alerts.service';
import type { DeliveryService } from './delivery.service';
import { type Firing, fireAlerts, findActiveAlerts } from './evaluation.repository';

interface EvaluationDeps {
  db: Db;
  now(): number;
  log: FastifyBaseLogger;
  /** The match and one selection's current prices (the odds feature's snapshot). */
  findEvent: FindEvent;
  delivery: DeliveryService;
}

/** Same tolerance as the index: 2.5 from a person equals 2.5 from a feed. */
const EPSILON = 1e-9;

/**
 * The best current price of the hit's selection: the highest price of the other books that the
 * alert counts (boosted ones only when it includes them) against the price that fired it; the
 * book that moved keeps the best on a tie. Null when the match is not known any more.
 */
export function bestPriceOf(hit: AlertHit, event: WatchedEvent | null): Pick<Firing, 'bestValue' | 'bestProviderId'> {
  if (!event) return { bestValue: null, bestProviderId: null };
  let bestValue = hit.value;
  let bestProviderId = hit.providerId;
  for (const price of event.prices) {
    if (price.providerId === hit.providerId || (price.boosted && !hit.alert.includeBoosted)) continue;
    if (price.value > bestValue + EPSILON) {
      bestValue = price.value;
      bestProviderId = price.providerId;
    }
  }
  return { bestValue, bestProviderId };
}

export class EvaluationService {
  readonly index = new AlertIndex();
  /** Firing runs one batch at a time, in commit order. */
  private firing: Promise<void> = Promise.resolve();
  private lastLoadAt: number | null = null;

  constructor(private readonly deps: EvaluationDeps) {}

  /**
   * Told each committed batch (by whichever process) once per process, in commit order: checks the
   * changed prices against the index at once (synchronously) and queues the firing, so batches
   * fire in commit order; the conditional UPDATE of the firing makes one process win.
   */
  onPricesCommitted(prices: readonly ChangedPrice[], committedAt: number): void {
    const hits = this.index.evaluate(prices, committedAt);
    if (hits.length === 0) return;
    for (const hit of hits) this.index.remove(hit.alert.id);
    this.firing = this.firing
      .then(() => this.fire(hits, committedAt))
      .catch((error) => this.deps.log.error({ err: error }, 'alerts error'));
  }

  /** Resolves when every queued firing (and the pushes it started) is done. */
  async settled(): Promise<void> {
    await this.firing;
  }

  private async fire(hits: readonly AlertHit[], at: number): Promise<void> {
    // The current prices of each selection hit, read once (from memory) before the transaction.
    const events = new Map<string, Promise<WatchedEvent | null>>();
    const eventOf = ({ alert }: AlertHit) => {
      const key = `${alert.eventId}|${alert.marketId}|${alert.selectionId}`;
      let event = events.get(key);
      if (!event) {
        event = this.deps.findEvent(alert.eventId, alert.marketId, alert.selectionId);
        events.set(key, event);
      }
      return event;
    };
    const firings: Firing[] = [];
    for (const hit of hits) {
      firings.push({
        alertId: hit.alert.id,
        value: hit.value,
        providerId: hit.providerId,
        ...bestPriceOf(hit, await eventOf(hit)),
      });
    }
    const fired = await fireAlerts(this.deps.db, firings, at, () => newId('ntf'));
    // Out of the index again now that the firing committed: a load that began after the removal
    // above and read before this commit put them back as still active.
    for (const hit of hits) this.index.remove(hit.alert.id);
    await this.deps.delivery.deliver(fired);
  }

  /**
   * Loads active alerts into the index: all of them when `full`, else those created since the
   * last load (with a margin for clocks and commits in flight), so alerts created by another
   * process are evaluated here within one refresh.
   */
  async refresh(full = false): Promise<void> {
    const now = this.deps.now();
    const since = full || this.lastLoadAt === null ? null : this.lastLoadAt - 60_000;
    await this.index.load(async () => (await findActiveAlerts(this.deps.db, since)).map(indexed), since === null);
    this.lastLoadAt = now;
  }

  /** Alerts of matches that kicked off end (status 'ended') and leave the index. */
  async endStarted(): Promise<void> {
    const now = this.deps.now();
    const started = this.index.started(now);
    for (const id of started) this.index.remove(id);
    await endStartedAlerts(this.deps.db, now);
    // Again once ended in the database (a load reading before that may have put them back).
    for (const id of started) this.index.remove(id);
  }
}
