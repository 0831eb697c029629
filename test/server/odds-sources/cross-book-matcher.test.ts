/**
 * Cross-book matching of real names: the five books' fixtures merge into one event per match;
 * kick-off within ±15 minutes is a hard gate; both names must match; ambiguity is reported,
 * never merged; Manchester City never merges with Manchester United.
 */
import {
  BOOK_ADAPTERS,
  type BookEvent,
  CROSS_BOOK_TOLERANCE_MS,
  findCrossBookMatch,
  matchAcrossBooks,
} from '../../../src/server/modules/odds/sources';
import { FETCHED_AT, LEAGUE_FILES, answer } from './book-fixtures';

function bookEvents(): BookEvent[] {
  return BOOK_ADAPTERS.flatMap((adapter) =>
    LEAGUE_FILES.flatMap(([competition, file]) => {
      const result = adapter.parse(answer(adapter.id, file), { competition, fetchedAt: FETCHED_AT });
      // Match on the names as the book spelled them, not the canonical names of the batch.
      return result.batch.events.map((event, i) => ({
        provider: adapter.provider,
        externalId: event.externalId,
        competition,
        home: result.names[i]?.home ?? '',
        away: result.names[i]?.away ?? '',
        kickoff: event.kickoff,
      }));
    }),
  );
}

const event = (provider: number, home: string, away: string, kickoff: string, competition = 1): BookEvent => ({
  provider,
  externalId: `${provider}-${home}-${away}`,
  competition,
  home,
  away,
  kickoff,
});

describe('cross-book matching', () => {
  it('merges the five books into one event per match, each book spelling the clubs its own way', () => {
    const events = bookEvents();
    expect(events).toHaveLength(5 * 4 * 3);
    const { events: matches, ambiguous } = matchAcrossBooks(events);
    expect(ambiguous).toEqual([]);
    expect(matches).toHaveLength(12);
    for (const match of matches) expect(match.members.map((m) => m.provider).sort()).toEqual([1, 2, 3, 4, 5]);
    const united = matches.find((m) => m.home === 'Manchester United');
    expect(united?.away).toBe('West Ham United');
    expect(new Set(united?.members.map((m) => m.home))).toEqual(
      new Set(['Man United', 'Man Utd', 'Man. United', 'Manchester Utd', 'Manchester U']),
    );
  });

  it('never merges Manchester City with Manchester United (nor Inter with Milan, the Madrid clubs, the Borussias)', () => {
    const at = '2025-05-11T14:00:00Z';
    const pairs: Array<[string, string, number]> = [
      ['Man City', 'Man Utd', 1],
      ['Manchester City', 'Manchester United', 1],
      ['Inter', 'Milan', 3],
      ['Real Madrid', 'Atletico Madrid', 2],
      ['Real Madrid', 'Real Sociedad', 2],
      ['Dortmund', 'Gladbach', 4],
    ];
    for (const [a, b, competition] of pairs) {
      const { events } = matchAcrossBooks([
        event(1, a, 'Arsenal FC', at, competition),
        event(2, b, 'Arsenal', at, competition),
      ]);
      expect(events).toHaveLength(2);
    }
  });

  it('gates on kick-off: ±15 minutes merge, 16 minutes apart do not', () => {
    const base = Date.parse('2025-05-11T14:00:00Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    const near = matchAcrossBooks([
      event(1, 'Liverpool', 'Arsenal', iso(base)),
      event(2, 'Liverpool FC', 'Arsenal FC', iso(base + CROSS_BOOK_TOLERANCE_MS)),
      event(3, 'Liverpool', 'Arsenal London', iso(base - CROSS_BOOK_TOLERANCE_MS)),
    ]);
    expect(near.events).toHaveLength(1);
    const far = matchAcrossBooks([
      event(1, 'Liverpool', 'Arsenal', iso(base)),
      event(2, 'Liverpool', 'Arsenal', iso(base + 16 * 60_000)),
    ]);
    expect(far.events).toHaveLength(2);
  });

  it('needs both names: same home and kick-off with another away team is another match', () => {
    const at = '2025-05-11T14:00:00Z';
    const { events } = matchAcrossBooks([event(1, 'Chelsea', 'Everton', at), event(2, 'Chelsea FC', 'Fulham', at)]);
    expect(events).toHaveLength(2);
    expect(
      matchAcrossBooks([event(1, 'Chelsea', 'Everton', at), event(2, 'Everton', 'Chelsea', at)]).events,
    ).toHaveLength(2);
  });

  it('reports an ambiguous name and does not merge it', () => {
    const at = '2025-05-11T14:00:00Z';
    const result = matchAcrossBooks([
      event(1, 'Borussia Dortmund', 'Bayern Munich', at, 4),
      event(2, 'Borussia', 'Bayern', at, 4),
    ]);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]?.members).toHaveLength(1);
    expect(result.ambiguous).toEqual([
      {
        event: expect.objectContaining({ provider: 2, home: 'Borussia' }),
        reason: 'ambiguous-name',
        candidates: expect.arrayContaining(['Borussia Dortmund', 'Borussia Mönchengladbach']),
      },
    ]);
  });

  it('reports an event that fits two known events and does not merge it', () => {
    const known = matchAcrossBooks([
      event(1, 'Liverpool', 'Arsenal', '2025-05-11T14:00:00Z'),
      event(2, 'Liverpool', 'Arsenal', '2025-05-11T14:20:00Z'),
    ]).events;
    expect(known).toHaveLength(2);
    const found = findCrossBookMatch(known, event(3, 'Liverpool FC', 'Arsenal FC', '2025-05-11T14:10:00Z'));
    expect(found).toEqual({ kind: 'ambiguous', reason: 'two-candidates', candidates: known.map((k) => k.key) });
  });

  it('keeps an unknown club as itself and a book from merging with its own event', () => {
    const at = '2025-05-11T14:00:00Z';
    expect(
      matchAcrossBooks([event(1, 'Enyimba FC', 'Rivers United', at), event(2, 'Enyimba', 'Rivers United', at)]).events,
    ).toHaveLength(1);
    expect(
      matchAcrossBooks([event(1, 'Chelsea', 'Everton', at), event(1, 'Chelsea FC', 'Everton', at)]).events,
    ).toHaveLength(2);
  });
});
