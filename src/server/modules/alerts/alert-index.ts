/**
 * The in-memory index of active alerts, keyed by
 * (eventId, marketId, selectionTypeId). A committed batch's changed prices are looked up key by
 * key, so evaluating a batch costs one map lookup per changed price plus the alerts on those
 * selections — nothing for the users whose alerts the batch does not touch.
 */

/** One active alert as evaluation needs it. */
export interface IndexedAlert {
  id: string;
  userId: string;
  eventId: string;
  /** The match, "Home v Away", for the notification. */
  eventName: string;
  marketId: number;
  selectionId: number;
  /** null: any book. */
  providerId: number | null;
  atLeast: number | null;
  dropPct: number | null;
  includeBoosted: boolean;
  /** Each book's price when the alert was created (what a drop is measured from). */
  reference: ReadonlyMap<number, number>;
  createdAt: number;
  kickoffAt: number;
}

/** A changed price as the odds feature reports it after a commit. */
export interface ChangedPrice {
  eventId: string;
  marketId: number;
  providerId: number;
  selectionId: number;
  /** null: withdrawn. */
  value: number | null;
  boosted: boolean;
}

export interface AlertHit {
  alert: IndexedAlert;
  value: number;
  providerId: number;
}

const key = (eventId: string, marketId: number, selectionId: number) => `${eventId}|${marketId}|${selectionId}`;

/** A tiny tolerance so 2.5 entered by a person equals 2.5 sent by a feed whatever the float path. */
const EPSILON = 1e-9;

/** Whether `price` from `providerId` meets the alert's rule. */
export function meets(alert: IndexedAlert, value: number, providerId: number, boosted: boolean): boolean {
  if (alert.providerId !== null && alert.providerId !== providerId) return false;
  if (boosted && !alert.includeBoosted) return false;
  if (alert.atLeast !== null && value >= alert.atLeast - EPSILON) return true;
  if (alert.dropPct !== null) {
    const reference = alert.reference.get(providerId);
    if (reference !== undefined && value <= reference * (1 - alert.dropPct / 100) + EPSILON) return true;
  }
  return false;
}

/** What the index was told while a load from the database was in flight. */
interface LoadLog {
  added: Map<string, IndexedAlert>;
  removed: Set<string>;
}

export class AlertIndex {
  private readonly bySelection = new Map<string, Map<string, IndexedAlert>>();
  private readonly byId = new Map<string, IndexedAlert>();
  private readonly loads = new Set<LoadLog>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(alert: IndexedAlert): void {
    for (const log of this.loads) {
      log.removed.delete(alert.id);
      log.added.set(alert.id, alert);
    }
    this.put(alert);
  }

  remove(id: string): void {
    for (const log of this.loads) {
      log.added.delete(id);
      log.removed.add(id);
    }
    this.drop(id);
  }

  /**
   * Loads alerts read from the database: `full`, they replace the index; else they join it. What
   * the index was told while the read was in flight wins over the rows read: an alert removed
   * meanwhile (deleted, fired, its account deleted) is not put back from a read that began
   * before, and one added meanwhile stays through a full load that began before it was stored.
   */
  async load(read: () => Promise<readonly IndexedAlert[]>, full: boolean): Promise<void> {
    const log: LoadLog = { added: new Map(), removed: new Set() };
    this.loads.add(log);
    try {
      const alerts = await read();
      if (full) {
        this.bySelection.clear();
        this.byId.clear();
      }
      for (const alert of alerts) if (!log.removed.has(alert.id) && !this.byId.has(alert.id)) this.put(alert);
      for (const alert of log.added.values()) this.put(alert);
    } finally {
      this.loads.delete(log);
    }
  }

  private put(alert: IndexedAlert): void {
    this.drop(alert.id);
    const k = key(alert.eventId, alert.marketId, alert.selectionId);
    let bucket = this.bySelection.get(k);
    if (!bucket) {
      bucket = new Map();
      this.bySelection.set(k, bucket);
    }
    bucket.set(alert.id, alert);
    this.byId.set(alert.id, alert);
  }

  private drop(id: string): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    this.byId.delete(id);
    const k = key(alert.eventId, alert.marketId, alert.selectionId);
    const bucket = this.bySelection.get(k);
    bucket?.delete(id);
    if (bucket?.size === 0) this.bySelection.delete(k);
  }

  /** Ids of alerts whose match kicked off at or before `now`. */
  started(now: number): string[] {
    const ids: string[] = [];
    for (const alert of this.byId.values()) if (alert.kickoffAt <= now) ids.push(alert.id);
    return ids;
  }

  /**
   * The alerts a batch's changed prices meet, at most one hit per alert (the highest price for
   * an at-least alert, the lowest for a drop alert). Alerts created after `committedAt` and
   * matches already started are skipped.
   */
  evaluate(prices: readonly ChangedPrice[], committedAt: number): AlertHit[] {
    const hits = new Map<string, AlertHit>();
    for (const price of prices) {
      if (price.value === null) continue;
      const bucket = this.bySelection.get(key(price.eventId, price.marketId, price.selectionId));
      if (!bucket) continue;
      for (const alert of bucket.values()) {
        if (alert.createdAt > committedAt || alert.kickoffAt <= committedAt) continue;
        if (!meets(alert, price.value, price.providerId, price.boosted)) continue;
        const before = hits.get(alert.id);
        const better = !before || (alert.atLeast !== null ? price.value > before.value : price.value < before.value);
        if (better) {
          hits.set(alert.id, { alert, value: price.value, providerId: price.providerId });
        }
      }
    }
    return [...hits.values()];
  }
}
