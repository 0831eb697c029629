/**
 * The source health every API process serves (GET /api/odds/sources), read from
 * the rows the collector writes: one entry per bookmaker, 'off' for a book no collector reads,
 * 'down' for a row the collector has not refreshed in 15 minutes (it stopped or hangs); with each
 * book's names that matching could not place at its last read of each league (unmatched,
 * ambiguous), as the pipeline recorded them.
 */
import type { NameIssuesDto, SourceHealthDto, SourceLeagueDto, SourceState } from '@shared/contract/sources';
import type { Db } from '../../../core/db/connect';
import { BOOK_ADAPTERS } from './index';
import { type NameIssueRow, type SourceHealthRow, readNameIssues, readSourceHealth } from './source-health.repository';

export const HEALTH_STALE_MS = 15 * 60_000;
const STATES: readonly SourceState[] = ['ok', 'degraded', 'down', 'off'];

export function sourceHealthDtos(
  rows: readonly SourceHealthRow[],
  now: number,
  issues: readonly NameIssueRow[] = [],
): SourceHealthDto[] {
  const byProvider = new Map(rows.map((r) => [r.provider_id, r]));
  return BOOK_ADAPTERS.map((adapter) => {
    const row = byProvider.get(adapter.provider);
    const own = issues.filter((i) => i.provider_id === adapter.provider);
    const names = { unmatched: issuesOf(own, 'unmatched'), ambiguous: issuesOf(own, 'ambiguous') };
    if (!row) {
      return {
        providerId: adapter.provider,
        name: adapter.name,
        state: 'off',
        lastSuccessAt: null,
        lastError: null,
        leagues: [],
        latencyMs: null,
        ...names,
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
      ...names,
    };
  });
}

/** A book's names of one kind, most listings first. */
function issuesOf(rows: readonly NameIssueRow[], kind: 'unmatched' | 'ambiguous'): NameIssuesDto {
  const names = rows
    .filter((r) => r.kind === kind)
    .sort((a, b) => b.listings - a.listings || a.competition_id - b.competition_id || a.name.localeCompare(b.name))
    .map((r) => ({
      name: r.name,
      competitionId: r.competition_id,
      listings: r.listings,
      example: r.example,
      candidates: candidatesOf(r.candidates),
    }));
  return { listings: names.reduce((n, i) => n + i.listings, 0), names };
}

function candidatesOf(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
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
  return sourceHealthDtos(await readSourceHealth(db), now, await readNameIssues(db));
}
