/**
 * The answer first (docs/product.md#screens) and the slip's stake and confirmation words (§10): pure
 * rules, checked on small markets whose answer is known.
 */
import type { MarketOddsDto } from '../../src/shared/contract/odds';
import { leadAnswers, leadGain, leadText } from '../../src/shared/lead-answer';
import { parseNaira, pickWhat, SLIP_PICK_MSG } from '../../src/shared/slip-pick';

const market = (rows: Record<number, Array<number | null>>, marketId = 1): MarketOddsDto => ({
  marketId,
  odds: Object.entries(rows).map(([providerId, values]) => ({
    providerId: Number(providerId),
    margin: null,
    odds: values.flatMap((value, i) => (value === null ? [] : [{ selectionTypeId: i + 1, value, flags: 0 }])),
  })),
});

describe('leadAnswers', () => {
  it('names the best and the worst listed book per selection and the gain on ₦1,000', () => {
    const answers = leadAnswers(market({ 1: [2.0, 3.2, 3.5], 2: [2.1, 3.3, 3.4], 3: [1.9, 3.4, 3.6] }), [1, 2, 3]);
    expect(answers.map((a) => leadText(a))).toEqual([
      'BetKing 2.10 · ₦200 more than SportyBet on ₦1,000',
      'SportyBet 3.40 · ₦200 more than Bet9Ja on ₦1,000',
      'SportyBet 3.60 · ₦200 more than BetKing on ₦1,000',
    ]);
  });

  it('counts the gain on the given stake, to the kobo', () => {
    const [home] = leadAnswers(market({ 1: [2.05], 2: [1.9] }), [1]);
    expect(leadGain(home!, 1000)).toBe(150);
    expect(leadText(home!, 5000)).toBe('Bet9Ja 2.05 · ₦750 more than BetKing on ₦5,000');
    expect(leadText(home!, 55)).toBe('Bet9Ja 2.05 · ₦8.25 more than BetKing on ₦55');
  });

  it('names every book on a tie, says when all books agree, and leaves out unpriced selections', () => {
    const answers = leadAnswers(market({ 1: [2.1, 3.0, null], 2: [2.1, 3.0, null], 3: [1.8, 3.0, null] }), [1, 2, 3]);
    expect(answers.map((a) => leadText(a))).toEqual([
      'Bet9Ja, BetKing 2.10 · ₦300 more than SportyBet on ₦1,000',
      'Bet9Ja, BetKing, SportyBet 3.00 · same at every listed book',
    ]);
  });

  it('has no gain with a single listed book', () => {
    const [home] = leadAnswers(market({ 4: [2.5] }), [1]);
    expect(leadText(home!)).toBe('NairaBet 2.50');
    expect(leadGain(home!, 1000)).toBe(0);
  });
});

describe('parseNaira', () => {
  it.each([
    ['5000', 5000],
    ['5,000', 5000],
    ['₦5,000', 5000],
    [' ₦ 5,000 ', 5000],
    ['N5000', 5000],
    ['1,234,567', 1234567],
    ['5,000.50', 5000.5],
    ['0.5', 0.5],
  ])('reads %p as %p', (text, amount) => expect(parseNaira(text)).toBe(amount));

  it.each(['', 'five', '5,00', '50,00,000', '0', '-5', '5.123', '$5', '1234567890', '5 000'])('refuses %p', (text) =>
    expect(parseNaira(text)).toBeNull(),
  );
});

describe('the slip confirmation', () => {
  it('says what was added in words', () => {
    expect(SLIP_PICK_MSG.added(pickWhat('Arsenal vs Chelsea', 1, 1), 3, 2.1)).toBe(
      'Added: Arsenal to win at SportyBet 2.10',
    );
    expect(pickWhat('Arsenal vs Chelsea', 1, 3)).toBe('Chelsea to win');
    expect(pickWhat('Arsenal vs Chelsea', 1, 2)).toBe('Draw');
    expect(pickWhat('Arsenal vs Chelsea', 4, 8)).toBe('Over 2.5 goals');
    expect(pickWhat('Arsenal vs Chelsea', 7, 14)).toBe('BTTS Yes');
    expect(pickWhat('', 1, 1)).toBe('Home to win');
  });
});
