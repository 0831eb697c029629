import {
  COUNTRIES,
  OddsFlag,
  competitionFlag,
  competitionName,
  countryName,
  hasFlag,
  marketName,
  marketSelections,
  overUnderLine,
  providerName,
  resolveCountry,
  selectionName,
} from '@shared/lookups';

describe('lookups (docs/product.md#entities)', () => {
  it('has the three countries with ids and slugs, only Nigeria live', () => {
    expect(COUNTRIES.map((c) => [c.id, c.name, c.slug, c.live])).toEqual([
      [1, 'Nigeria', 'nigeria', true],
      [2, 'Ghana', 'ghana', false],
      [3, 'Kenya', 'kenya', false],
    ]);
    expect(countryName(1)).toBe('Nigeria');
    expect(countryName('3')).toBe('Kenya');
    expect(countryName(9)).toBe('Country 9');
  });

  it('resolves a country by id or slug, case-insensitively', () => {
    expect(resolveCountry('nigeria')?.id).toBe(1);
    expect(resolveCountry('Ghana')?.id).toBe(2);
    expect(resolveCountry(3)?.slug).toBe('kenya');
    expect(resolveCountry('1')?.slug).toBe('nigeria');
    expect(resolveCountry('france')).toBeUndefined();
    expect(resolveCountry('7')).toBeUndefined();
    expect(resolveCountry('1.5')).toBeUndefined();
  });

  it('labels providers exactly, with a fallback', () => {
    expect([1, 2, 3, 4, 5].map(providerName)).toEqual(['Bet9Ja', 'BetKing', 'SportyBet', 'NairaBet', '1XBet']);
    expect(providerName(42)).toBe('Provider 42');
  });

  it('labels selections', () => {
    expect([1, 2, 3].map(selectionName)).toEqual(['Home', 'Draw', 'Away']);
    expect([4, 6, 8, 10, 12].map(selectionName)).toEqual(Array(5).fill('Over'));
    expect([5, 7, 9, 11, 13].map(selectionName)).toEqual(Array(5).fill('Under'));
    expect([14, 15, 16, 17, 18].map(selectionName)).toEqual(['Yes', 'No', '1X', '12', 'X2']);
  });

  it('labels competitions with flags and falls back to Competition {id} / UN', () => {
    expect([1, 2, 3, 4].map(competitionName)).toEqual(['Premier League', 'La Liga', 'Serie A', 'Bundesliga']);
    expect([1, 2, 3, 4].map(competitionFlag)).toEqual(['ENG', 'ESP', 'ITA', 'DE']);
    expect(competitionName(99)).toBe('Competition 99');
    expect(competitionFlag(99)).toBe('UN');
  });

  it('labels markets and maps them to their selections (docs/architecture.md#odds-model)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(marketName)).toEqual([
      '1X2',
      'OU0.5',
      'OU1.5',
      'OU2.5',
      'OU3.5',
      'OU4.5',
      'BTTS',
      'DC',
    ]);
    expect(marketName(12)).toBe('Market 12');
    expect(marketSelections(1)).toEqual([1, 2, 3]);
    expect([2, 3, 4, 5, 6].map(marketSelections)).toEqual([
      [4, 5],
      [6, 7],
      [8, 9],
      [10, 11],
      [12, 13],
    ]);
    expect(marketSelections(7)).toEqual([14, 15]);
    expect(marketSelections(8)).toEqual([16, 17, 18]);
    expect(marketSelections(99)).toEqual([]);
    expect([2, 6, 1].map(overUnderLine)).toEqual([0.5, 4.5, undefined]);
  });

  it('has the flag bits and tests them', () => {
    expect(OddsFlag).toEqual({ Boosted: 1, Increased: 2, Decreased: 4, Best: 8 });
    expect(hasFlag(10, OddsFlag.Best)).toBe(true);
    expect(hasFlag(10, OddsFlag.Increased)).toBe(true);
    expect(hasFlag(10, OddsFlag.Boosted)).toBe(false);
  });
});
