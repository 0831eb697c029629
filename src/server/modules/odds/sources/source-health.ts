/**
 * The source health every API process serves (GET /api/odds/sources, docs/sources.md), read from
 * the rows the collector writes: one entry per bookmaker, 'off' for a book no collector reads,
 * 'down' for a row the collector has not refreshed in 15 minutes (it stopped or hangs).
 */
import type { SourceHealthDto, SourceLeagueDto, SourceState } from '@shared/contract/sources';
import type { Db } from '../../../core/db/connect';
import { BOOK_ADAPTERS } from './index';
import { type SourceHealthRow, readSourceHealth } from './source-health.repository';

export const HEALTH_STALE_MS = 15 * 60_000;
const STATES: readonly SourceState[] = ['ok', 'degraded', 'down', 'off'];

export function sourceHealthDtos(rows: readonly SourceHealthRow[], now: number): SourceHealthDto[] {
  const byProvider = new Map(rows.map((r) => [r.provider_id, r]));
  return BOOK_ADAPTERS.map((adapter) => {
    const row = byProvider.get(adapter.provider);
    if (!row) {
      return {
        providerId: adapter.provider,
        name: adapter.name,
        state: 'off',
        lastSuccessAt: null,
        lastError: null,
        leagues: [],
        latencyMs: null,
      };
    }
    let state: SourceState = (STATES as readonly string[]).includes(row.state) ? (row.state as SourceState) : 'down';
    let lastError = row.last_error;
    if (state !== 'off' && now - row.updated_at > HEALTH_STALE_MS) {
      state = 'down';
      lastError = `no report from the collector for ${Math.round((now - row.updated_at) / 60_000)} min`;
    }
    return {
      providerId: adapter.provider,
      name: adapter.name,
      state,
      lastSuccessAt: row.last_success_at === null ? null : new Date(row.last_success_at).toISOString(),
      lastError,
      leagues: leaguesOf(row.leagues),
      latencyMs: row.latency_ms,
    };
  });
}

function leaguesOf(json: string): SourceLeagueDto[] {
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return [];
    return list.map((l: Partial<SourceLeagueDto>) => ({
      competitionId: Number(l.competitionId),
      events: Number(l.events ?? 0),
      prices: Number(l.prices ?? 0),
      fetchedAt: typeof l.fetchedAt === 'string' ? l.fetchedAt : null,
    }));
  } catch {
    return [];
  }
}

export async function readSourcesHealth(db: Db, now: number): Promise<SourceHealthDto[]> {
  return sourceHealthDtos(await readSourceHealth(db), now);
}
