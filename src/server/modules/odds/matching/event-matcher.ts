/**
 * Matching a provider's event to an event already known from any provider:
 * same competition, same home and away clubs after normalization and aliases, kick-off
 * within a tolerance (bookmakers list the same match a few minutes apart, or late after a
 * rescheduling). The nearest kick-off wins when several qualify.
 */

/** Three hours: kick-off times of one match differ by minutes; one fixture is never this close to another. */
export const DEFAULT_MATCH_TOLERANCE_MS = 3 * 60 * 60 * 1000;

export interface MatchableEvent {
  id: string;
  competitionId: number;
  homeKey: string;
  awayKey: string;
  kickoffAt: number;
}

type MatchQuery = Omit<MatchableEvent, 'id'>;

export function findMatchingEvent<T extends MatchableEvent>(
  candidates: readonly T[],
  query: MatchQuery,
  toleranceMs = DEFAULT_MATCH_TOLERANCE_MS,
): T | undefined {
  let best: T | undefined;
  let bestGap = Infinity;
  for (const candidate of candidates) {
    if (
      candidate.competitionId !== query.competitionId ||
      candidate.homeKey !== query.homeKey ||
      candidate.awayKey !== query.awayKey
    ) {
      continue;
    }
    const gap = Math.abs(candidate.kickoffAt - query.kickoffAt);
    if (gap <= toleranceMs && gap < bestGap) {
      best = candidate;
      bestGap = gap;
    }
  }
  return best;
}
