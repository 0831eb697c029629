/** The words of the help page (docs/product.md §2): glossary, margin explanation and tips. */

export const GLOSSARY = [
  {
    term: '1X2',
    meaning: 'Match result: 1 is a home win, X a draw and 2 an away win.',
  },
  {
    term: 'Over/Under',
    meaning:
      'Total goals in the match over or under a line, from 0.5 to 4.5 (OU0.5 to OU4.5). Over 2.5 wins with three goals or more.',
  },
  {
    term: 'BTTS',
    meaning: 'Both teams to score: Yes if each team scores at least once, No otherwise.',
  },
  {
    term: 'Double Chance (1X, 12, X2)',
    meaning: 'Two results in one bet: 1X is home win or draw, 12 is home or away win, X2 is draw or away win.',
  },
] as const;

export const MARGIN_MEANING =
  'The margin (overround) is what the bookmaker builds into its prices. The lower it is, the more of each bet comes back to you when you win.';

export const TIPS = [
  'Compare every bookmaker before you bet: the best price is highlighted for each selection.',
  'Prefer bookmakers with a low margin on the market you play; it adds up over many bets.',
  'Watch the arrows: odds that keep falling often mean money is coming in on that selection.',
  'Check the terms of boosted odds with the bookmaker; some limit the stake.',
  'Set a budget and stick to it. Never chase losses.',
] as const;
