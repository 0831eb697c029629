/**
 * The words of the dashboard's freshness line, from the books' health
 * (`GET /api/odds/sources`) or, when no book is collected, from the time the shown prices last
 * changed. Pure: the caller passes every time, so a replayed store renders the same line.
 */
import type { SourceHealthDto } from '@shared/contract/sources';
import { UI } from '@shared/messages';

const MINUTE_MS = 60_000;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** HH:MM in the runtime's (the user's) time zone. */
export function clockTime(at: number): string {
  const date = new Date(at);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

function timeOf(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

/** The latest good read of a book: its lastSuccessAt or a league's fetchedAt, whichever is later. */
function latestRead(source: SourceHealthDto): number | undefined {
  const times = [source.lastSuccessAt, ...source.leagues.map((league) => league.fetchedAt)]
    .map(timeOf)
    .filter((at): at is number => at !== undefined);
  return times.length ? Math.max(...times) : undefined;
}

interface FreshnessInput {
  /** The books' health; undefined when it is unknown (not loaded, or the request failed). */
  sources: readonly SourceHealthDto[] | undefined;
  /** When the sources answer arrived: the "now" that minutes are counted to. */
  checkedAt: number | undefined;
  /** When the shown prices last changed, from the odds answers; undefined when none are shown. */
  pricesChangedAt: number | undefined;
  /** The odds answer's `updatedAt`: the latest change or confirmation the server saw. */
  updatedAt?: number;
}

/**
 * The entries of the line, shown joined by ' · ':
 * - a book that is degraded or down: 'SportyBet: no update for 12 min' (minutes from its
 *   lastSuccessAt to the health answer, at least 1), or 'SportyBet: no update yet' when it has
 *   never been read;
 * - else, when the odds answer says when the server last saw a change or confirmation
 *   (`updatedAt`): 'Updated HH:MM' of that, refreshed with every poll;
 * - else, when some book is collected: 'Updated HH:MM', the latest good read among them;
 * - else (every book 'off', as with the demo feed, or health unknown): 'Updated HH:MM' of the last
 *   price change the dashboard saw, or nothing.
 */
export function freshnessEntries({ sources, checkedAt, pricesChangedAt, updatedAt }: FreshnessInput): string[] {
  const collected = (sources ?? []).filter((source) => source.state !== 'off');
  const failing = collected.filter((source) => source.state === 'degraded' || source.state === 'down');
  if (failing.length) {
    return failing.map((source) => {
      const last = timeOf(source.lastSuccessAt) ?? latestRead(source);
      if (last === undefined || checkedAt === undefined) return UI.freshness.noUpdateYet(source.name);
      return UI.freshness.noUpdate(source.name, Math.max(1, Math.floor((checkedAt - last) / MINUTE_MS)));
    });
  }
  if (updatedAt !== undefined) return [UI.freshness.updated(clockTime(updatedAt))];
  const reads = collected.map(latestRead).filter((at): at is number => at !== undefined);
  const latest = reads.length ? Math.max(...reads) : pricesChangedAt;
  return latest === undefined ? [] : [UI.freshness.updated(clockTime(latest))];
}
