/**
 * SQL of the `price_history` table (only repositories hold SQL): the rows
 * each batch appends, the match page's openings and series, the rows of batches after a version
 * (the alerts and the drops windows follow them) and the drops windows' first load.
 */
import type { Executor } from '../../core/db/connect';
import { type BulkInsert, bulkInsert } from '../../core/db/bulk-insert';
import type { CurrentPrice } from './current-price';
import { nextTurn } from '../../core/event-loop';
import { chunksInTurns } from './sql-chunks';

const HISTORY_INSERT: BulkInsert = {
  table: 'price_history',
  columns: [
    'run_id',
    'event_id',
    'market_id',
    'provider_id',
    'selection_id',
    'value',
    'boosted',
    'changed_at',
    'version',
  ],
};

export async function insertHistory(
  db: Executor,
  runId: string,
  version: number,
  prices: readonly CurrentPrice[],
): Promise<void> {
  for await (const part of chunksInTurns(prices)) {
    await bulkInsert(
      db,
      HISTORY_INSERT,
      part.map((p) => [
        runId,
        p.eventId,
        p.marketId,
        p.providerId,
        p.selectionId,
        p.value,
        p.boosted ? 1 : 0,
        p.changedAt,
        version,
      ]),
    );
  }
}

/** A price's key and one value of it at one moment. */
export interface PriceAt {
  marketId: number;
  providerId: number;
  selectionId: number;
  value: number | null;
  at: number;
}

/**
 * The first row of each of an event's prices: the opening the server saw (a price's first
 * history row is never a withdrawal). One index seek per price on price_history_series.
 */
export async function findOpenings(db: Executor, eventId: string): Promise<PriceAt[]> {
  const rows = await db
    .selectFrom('current_prices as cp')
    .select((eb) => {
      const first = () =>
        eb
          .selectFrom('price_history as h')
          .whereRef('h.event_id', '=', 'cp.event_id')
          .whereRef('h.market_id', '=', 'cp.market_id')
          .whereRef('h.provider_id', '=', 'cp.provider_id')
          .whereRef('h.selection_id', '=', 'cp.selection_id')
          .orderBy('h.changed_at')
          .orderBy('h.version')
          .limit(1);
      return [
        'cp.market_id',
        'cp.provider_id',
        'cp.selection_id',
        first().select('h.value').as('value'),
        first().select('h.changed_at').as('at'),
      ];
    })
    .where('cp.event_id', '=', eventId)
    .execute();
  return rows.flatMap((r) =>
    r.at === null || r.at === undefined
      ? []
      : [
          {
            marketId: Number(r.market_id),
            providerId: Number(r.provider_id),
            selectionId: Number(r.selection_id),
            value: r.value === null || r.value === undefined ? null : Number(r.value),
            at: Number(r.at),
          },
        ],
  );
}

/** Every history row of one market of an event, by provider, selection, then in the order applied. */
export async function findMarketHistory(db: Executor, eventId: string, marketId: number): Promise<PriceAt[]> {
  const rows = await db
    .selectFrom('price_history')
    .select(['provider_id', 'selection_id', 'value', 'changed_at'])
    .where('event_id', '=', eventId)
    .where('market_id', '=', marketId)
    .orderBy('provider_id')
    .orderBy('selection_id')
    .orderBy('changed_at')
    .orderBy('version')
    .execute();
  return rows.map((r) => ({
    marketId,
    providerId: Number(r.provider_id),
    selectionId: Number(r.selection_id),
    value: r.value === null ? null : Number(r.value),
    at: Number(r.changed_at),
  }));
}

/** One price_history row. */
export interface HistoryRow {
  eventId: string;
  marketId: number;
  providerId: number;
  selectionId: number;
  value: number | null;
  at: number;
  version: number;
  /** Set on the rows {@link findHistoryAfter} reads (the alerts need it). */
  boosted?: boolean;
}

function historyRow(r: {
  event_id: string;
  market_id: number;
  provider_id: number;
  selection_id: number;
  value: number | null;
  changed_at: number;
  version: number;
  boosted?: number;
}): HistoryRow {
  const row: HistoryRow = {
    eventId: r.event_id,
    marketId: Number(r.market_id),
    providerId: Number(r.provider_id),
    selectionId: Number(r.selection_id),
    value: r.value === null ? null : Number(r.value),
    at: Number(r.changed_at),
    version: Number(r.version),
  };
  if (r.boosted !== undefined) row.boosted = Number(r.boosted) === 1;
  return row;
}

const HISTORY_COLUMNS = [
  'event_id',
  'market_id',
  'provider_id',
  'selection_id',
  'value',
  'changed_at',
  'version',
] as const;

/** History rows read in one query by {@link findHistoryAfter}. */
const HISTORY_PAGE = 500;

/**
 * History rows written by batches after odds version `version` (and up to `upTo` when given), in
 * the order applied. Every batch (and withdrawal) records its run with its version in the
 * transaction that writes its rows, so the runs name the versions; each run's rows are read in
 * pages along the primary key, handing the event loop a turn between pages (a big batch's tens of
 * thousands of rows would hold it for hundreds of ms in one query).
 */
export async function findHistoryAfter(db: Executor, version: number, upTo?: number): Promise<HistoryRow[]> {
  let runs = db.selectFrom('ingest_runs').select(['id', 'version']).where('version', '>', version);
  if (upTo !== undefined) runs = runs.where('version', '<=', upTo);
  const out: HistoryRow[] = [];
  for (const run of await runs.orderBy('version').execute()) {
    let after: [string, number, number, number] | null = null;
    for (;;) {
      const from: [string, number, number, number] | null = after;
      const rows = await db
        .selectFrom('price_history')
        .select([...HISTORY_COLUMNS, 'boosted'])
        .where('run_id', '=', run.id)
        .$if(from !== null, (q) =>
          q.where((eb) =>
            eb(
              eb.refTuple('event_id', 'market_id', 'provider_id', 'selection_id'),
              '>',
              eb.tuple(...(from as [string, number, number, number])),
            ),
          ),
        )
        .orderBy('event_id')
        .orderBy('market_id')
        .orderBy('provider_id')
        .orderBy('selection_id')
        .limit(HISTORY_PAGE)
        .execute();
      for (const row of rows) out.push(historyRow(row));
      const last: (typeof rows)[number] | undefined = rows.at(-1);
      if (!last || rows.length < HISTORY_PAGE) break;
      after = [last.event_id, Number(last.market_id), Number(last.provider_id), Number(last.selection_id)];
      await nextTurn();
    }
  }
  return out;
}

/**
 * The history the dropping-odds list needs of some events (snapshot/price-windows.ts): every row
 * from `since` on and, per price, the row(s) of the last moment before it — ordered by price,
 * time, then version.
 */
export async function findHistoryFrom(db: Executor, eventIds: readonly string[], since: number): Promise<HistoryRow[]> {
  const out: HistoryRow[] = [];
  for await (const part of chunksInTurns(eventIds)) {
    const recent = await db
      .selectFrom('price_history')
      .select(HISTORY_COLUMNS)
      .where('event_id', 'in', part)
      .where('changed_at', '>=', since)
      .execute();
    const before = await db
      .selectFrom('price_history as h')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('price_history')
            .select(['event_id', 'market_id', 'provider_id', 'selection_id'])
            .select((s) => s.fn.max('changed_at').as('at'))
            .where('event_id', 'in', part)
            .where('changed_at', '<', since)
            .groupBy(['event_id', 'market_id', 'provider_id', 'selection_id'])
            .as('last'),
        (join) =>
          join
            .onRef('last.event_id', '=', 'h.event_id')
            .onRef('last.market_id', '=', 'h.market_id')
            .onRef('last.provider_id', '=', 'h.provider_id')
            .onRef('last.selection_id', '=', 'h.selection_id')
            .onRef('last.at', '=', 'h.changed_at'),
      )
      .select(['h.event_id', 'h.market_id', 'h.provider_id', 'h.selection_id', 'h.value', 'h.changed_at', 'h.version'])
      .execute();
    out.push(...before.map(historyRow), ...recent.map(historyRow));
  }
  return out.sort(
    (a, b) =>
      (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0) ||
      a.marketId - b.marketId ||
      a.providerId - b.providerId ||
      a.selectionId - b.selectionId ||
      a.at - b.at ||
      a.version - b.version,
  );
}
