/** The words of the help page: glossary, margin explanation and tips. */

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

/** /help's sections on the tools and the marks, each with its anchor. */
export const HELP_SECTIONS = [
  {
    id: 'slip',
    title: 'The bet slip',
    text: 'Tap a price on the dashboard or a match page to add that selection to your slip; tap it again to take it off. The slip compares what each bookmaker would pay for your whole accumulator at your stake and names the one that pays most.',
  },
  {
    id: 'booking-codes',
    title: 'Booking codes',
    text: 'A booking code is a short code a bookmaker gives for a slip. Paste one into the slip to load its selections; make one from your slip at the bookmaker that pays most, then copy or share it and enter it on that bookmaker’s site or app to place the bet there.',
  },
  {
    id: 'fair-odds',
    title: 'Fair odds',
    text: 'The fair odds of a selection are its price with the bookmakers’ margin taken out, averaged over the bookmakers that price the whole market. They are an estimate of the true chance, not a promise.',
  },
  {
    id: 'surebets',
    title: 'Sure bets',
    text: 'A sure bet is a set of prices at different bookmakers, one for each result of a market, whose chances add up to less than 100%: staked as shown, every result pays back more than the total stake. Prices move quickly, so check each one before you bet.',
  },
  {
    id: 'value',
    title: 'Value bets',
    text: 'A value bet is a price at least 2% above its fair odds. Over many bets such prices would pay back more than they cost, if the fair odds are right. Choose the method that removes the margin; each one is explained on the page.',
  },
  {
    id: 'drops',
    title: 'Drops',
    text: 'Drops lists the prices that fell most within the chosen time window, with the time each one moved and the kick-off. A price falling at several bookmakers at once often means money is coming in on that selection.',
  },
  {
    id: 'alerts',
    title: 'Alerts',
    text: 'An alert tells you when a price of a team or match you follow moves by the amount you set. It names the bookmaker that moved and the best price available now, in the bell and, if you choose, by e-mail or push notification.',
  },
  {
    id: 'moves',
    title: 'Earlier prices',
    text: 'An arrow beside a price stays for an hour after the price moved. On a phone, tap a bookmaker’s mark to see its full name and what each moved price was before and when it moved; on a computer, point at the arrow.',
  },
] as const;
