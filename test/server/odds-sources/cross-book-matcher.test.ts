/**
 * Cross-book matching of real names: the five books' fixtures merge into one event per match;
 * kick-off within ±15 minutes is a hard gate; both names must match; ambiguity is reported,
 * never merged; Manchester City never merges with Manchester United.
 */
import {
  BOOK_ADAPTERS,
  type BookEvent,
  CROSS_BOOK_TOLERANCE_MS,
  matchAcrossBooks,
  placeListing,
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

const event = (
  provider: number,
  home: string,
  away: string,
  kickoff: string,
  competition = 1,
  sportradarId?: string,
): BookEvent => ({
  provider,
  externalId: `${provider}-${home}-${away}`,
  competition,
  home,
  away,
  kickoff,
  ...(sportradarId !== undefined ? { sportradarId } : {}),
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

  it('reports a listing that fits two events with different Sportradar ids, and places one that fits events without conflicting ids on the first', () => {
    const twoIds = matchAcrossBooks([
      event(1, 'Liverpool', 'Arsenal', '2025-05-11T14:00:00Z', 1, '100'),
      event(2, 'Liverpool', 'Arsenal', '2025-05-11T14:20:00Z', 1, '200'),
      event(3, 'Liverpool FC', 'Arsenal FC', '2025-05-11T14:10:00Z'),
    ]);
    expect(twoIds.events).toHaveLength(2);
    expect(twoIds.ambiguous).toEqual([
      {
        event: expect.objectContaining({ provider: 3 }),
        reason: 'two-candidates',
        candidates: [
          'Liverpool vs Arsenal, 2025-05-11T14:00:00.000Z',
          'Liverpool vs Arsenal, 2025-05-11T14:20:00.000Z',
        ],
      },
    ]);
    const noIds = matchAcrossBooks([
      event(1, 'Liverpool', 'Arsenal', '2025-05-11T14:00:00Z'),
      event(2, 'Liverpool', 'Arsenal', '2025-05-11T14:20:00Z'),
      event(3, 'Liverpool FC', 'Arsenal FC', '2025-05-11T14:10:00Z'),
    ]);
    expect(noIds.ambiguous).toEqual([]);
    expect(noIds.events.map((e) => e.members.map((m) => m.provider))).toEqual([[1, 3], [2]]);
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

describe('Sportradar ids decide identity', () => {
  const at = '2026-08-22T14:00:00Z';

  it('merges listings with the same id whatever their names, and never merges different ids', () => {
    const same = matchAcrossBooks([
      event(3, 'Leeds United', 'Burnley', at, 1, '61300505'),
      event(1, 'Some Name Nobody Knows', 'Another One', '2026-08-22T14:40:00Z', 1, '61300505'),
    ]);
    expect(same.events).toHaveLength(1);
    expect(same.events[0]?.sportradarId).toBe('61300505');
    expect(same.events[0]?.members.map((m) => m.provider)).toEqual([3, 1]);
    const different = matchAcrossBooks([
      event(3, 'Leeds United', 'Burnley', at, 1, '61300505'),
      event(1, 'Leeds Utd', 'Burnley', at, 1, '61300507'),
    ]);
    expect(different.events).toHaveLength(2);
  });

  it('lets a listing without an id join by names, and the id then holds for the event', () => {
    const result = matchAcrossBooks([
      event(4, 'Leeds', 'Burnley FC', at),
      event(3, 'Leeds United', 'Burnley', at, 1, '61300505'),
      event(2, 'Leeds', 'Burnley', at, 1, '61300505'),
      event(5, 'Leeds Utd', 'Burnley', at, 1, '999'),
    ]);
    expect(result.events.map((e) => [e.sportradarId, e.members.map((m) => m.provider)])).toEqual([
      ['61300505', [4, 3, 2]],
      ['999', [5]],
    ]);
  });

  it('places by id before names: the id wins over a name match with another event', () => {
    const known = [
      {
        id: 'a',
        competition: 1,
        home: 'Leeds United',
        away: 'Burnley',
        kickoffAt: Date.parse(at),
        sportradarId: null,
        createdAt: 1,
        providers: new Set([4]),
      },
      {
        id: 'b',
        competition: 1,
        home: 'Leeds United',
        away: 'Burnley',
        kickoffAt: Date.parse(at) + 60 * 60_000,
        sportradarId: '42',
        createdAt: 2,
        providers: new Set([3]),
      },
    ];
    const listing = { provider: 1, competition: 1, home: 'Leeds Utd', away: 'Burnley', kickoffAt: Date.parse(at) };
    expect(placeListing(known, listing)).toMatchObject({ kind: 'event', event: { id: 'a' }, by: 'names' });
    expect(placeListing(known, { ...listing, sportradarId: '42' })).toMatchObject({
      kind: 'event',
      event: { id: 'b' },
      by: 'sportradar',
    });
    // Another id than the name-matching event's: a new match, not that one.
    const withId = [{ ...known[0]!, sportradarId: '7' }];
    expect(placeListing(withId, { ...listing, sportradarId: '8' })).toMatchObject({
      kind: 'new',
      home: 'Leeds United',
    });
  });
});
