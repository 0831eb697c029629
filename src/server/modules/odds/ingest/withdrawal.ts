/**
 * Withdrawal of a failing book's stale prices: the ingest step the odds
 * service runs, in its queue, when the collector has had no good read of a league for too long.
 */
import { newId } from '../../../core/ids';
import type { Kysely } from 'kysely';
import type { Database } from '../../../database';
import type { CurrentPrice } from '../current-price';
import { insertIngestRun } from '../ingest-runs.repository';
import { markEventsChanged } from '../events.repository';
import { insertHistory } from '../history.repository';
import { bumpOddsVersion } from '../versions.repository';

/**
 * Takes one book's prices of one competition's upcoming matches (every country) off the lists: the rows leave
 * `current_prices` (so the book shows nowhere and never counts as best), each withdrawal is
 * appended to the price history, an applied `live` run records it and the odds version rises
 * so every process rebuilds. Nothing happens (and 0 comes back) when the book has no such prices.
 */
export async function withdrawProviderPrices(
  db: Kysely<Database>,
  options: { provider: number; competition: number; now: number; reason: string },
): Promise<number> {
  const { provider, competition, now } = options;
  return db.transaction().execute(async (trx) => {
    const events = trx
      .selectFrom('events')
      .select('id')
      .where('competition_id', '=', competition)
      .where('kickoff_at', '>', now);
    const rows = await trx
      .selectFrom('current_prices')
      .selectAll()
      .where('provider_id', '=', provider)
      .where('event_id', 'in', events)
      .execute();
    if (rows.length === 0) return 0;
    const version = await bumpOddsVersion(trx, now);
    const runId = newId('run');
    const withdrawn: CurrentPrice[] = rows
      .filter((r) => r.value !== null)
      .map((r) => ({
        eventId: r.event_id,
        marketId: Number(r.market_id),
        providerId: provider,
        selectionId: Number(r.selection_id),
        value: null,
        previousValue: Number(r.value),
        changedAt: now,
        boosted: false,
        regularValue: null,
      }));
    await trx
      .deleteFrom('current_prices')
      .where('provider_id', '=', provider)
      .where('event_id', 'in', events)
      .execute();
    await insertHistory(trx, runId, version, withdrawn);
    await markEventsChanged(
      trx,
      rows.map((r) => r.event_id),
      version,
    );
    await insertIngestRun(trx, {
      id: runId,
      version,
      source: 'live',
      provider_id: provider,
      country_id: null,
      fetched_at: null,
      started_at: now,
      finished_at: now,
      status: 'applied',
      events_seen: new Set(rows.map((r) => r.event_id)).size,
      events_created: 0,
      prices_seen: 0,
      prices_changed: 0,
      prices_withdrawn: withdrawn.length,
      error: options.reason.slice(0, 2000),
    });
    return withdrawn.length;
  });
}
