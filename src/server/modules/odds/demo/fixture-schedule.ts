/**
 * The demo fixture list is a pure function of the seed and absolute time: weeks run from
 * Friday 00:00 UTC, and in each week every club of a league plays once (a seeded pairing),
 * at the usual weekend slots. So the next seven days always hold about ten fixtures per
 * league, matches roll off after kick-off, next week's round rolls in, and a restarted
 * server finds the same fixtures (and the same external ids) for the same DEMO_SEED.
 */
import { fnv1a32 } from '@shared/signature';
import { type Club, LEAGUES } from './demo-clubs';
import { createRandom } from './prng';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-02 was a Friday. */
const FIRST_FRIDAY_MS = DAY_MS;

/** Kick-off slots, hours after Friday 00:00 UTC: Fri evening, Saturday, Sunday, Monday evening. */
const SLOT_HOURS = [19, 24 + 11.5, 24 + 14, 24 + 14, 24 + 14, 24 + 16.5, 48 + 13, 48 + 14, 48 + 16.5, 72 + 19];
/** Leagues kick off at slightly different local times. */
const LEAGUE_OFFSET_HOURS: Readonly<Record<number, number>> = { 1: 0, 2: 1, 3: 0.5, 4: -0.5 };

export interface Fixture {
  /** `competition-round-index`, stable for a seed. */
  key: string;
  competitionId: number;
  round: number;
  home: Club;
  away: Club;
  kickoffAt: number;
}

function roundOf(ms: number): number {
  return Math.floor((ms - FIRST_FRIDAY_MS) / WEEK_MS);
}

export function roundFixtures(seed: number, competitionId: number, round: number): Fixture[] {
  const league = LEAGUES[competitionId];
  if (!league) return [];
  const random = createRandom(fnv1a32(`${seed}|fixtures|${competitionId}|${round}`));
  const clubs = [...league.clubs];
  for (let i = clubs.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [clubs[i], clubs[j]] = [clubs[j] as Club, clubs[i] as Club];
  }
  const start = FIRST_FRIDAY_MS + round * WEEK_MS;
  const offset = (LEAGUE_OFFSET_HOURS[competitionId] ?? 0) * HOUR_MS;
  const fixtures: Fixture[] = [];
  for (let i = 0; i + 1 < clubs.length && i / 2 < SLOT_HOURS.length; i += 2) {
    const index = i / 2;
    fixtures.push({
      key: `${competitionId}-${round}-${index}`,
      competitionId,
      round,
      home: clubs[i] as Club,
      away: clubs[i + 1] as Club,
      kickoffAt: start + (SLOT_HOURS[index] as number) * HOUR_MS + offset,
    });
  }
  return fixtures;
}

/** Fixtures kicking off in (now, now + horizon], by kick-off then key. */
export function upcomingFixtures(seed: number, now: number, horizonMs = WEEK_MS): Fixture[] {
  const out: Fixture[] = [];
  for (const competitionId of Object.keys(LEAGUES).map(Number)) {
    // The previous round too: a league offset can push its Monday slot past the week's end.
    for (let round = roundOf(now) - 1; round <= roundOf(now + horizonMs); round += 1) {
      for (const f of roundFixtures(seed, competitionId, round)) {
        if (f.kickoffAt > now && f.kickoffAt <= now + horizonMs) out.push(f);
      }
    }
  }
  return out.sort((a, b) => a.kickoffAt - b.kickoffAt || a.key.localeCompare(b.key));
}
