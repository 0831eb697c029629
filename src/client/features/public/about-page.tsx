/** `/about`: who OddsMate is for and how it works. */
import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

const ABOUT_TITLE = 'About OddsMate';

export function AboutPage() {
  return (
    <LegalPage
      title={ABOUT_TITLE}
      description="OddsMate is a free, independent football odds comparison for Nigerian bettors: best prices, price movement and bookmaker margins."
      intro="OddsMate helps African football fans get more from every bet by showing who pays the most — before the stake leaves your wallet."
    >
      <h2 className="h4">Why we built it</h2>
      <p>
        Most bettors in Nigeria hold accounts with two or three bookmakers and still place their bets wherever they
        happen to be logged in. Checking five apps for the same match is slow, and the differences look small — until
        you add them up over a season. A few points on every price is the difference between a bankroll that shrinks and
        one that lasts.
      </p>
      <p>OddsMate does the checking for you, in one table, in seconds.</p>

      <h2 className="h4">How it works</h2>
      <ol>
        <li>
          We collect the prices of Bet9Ja, BetKing, SportyBet, NairaBet and 1XBet for the Premier League, La Liga, Serie
          A and Bundesliga.
        </li>
        <li>
          For every match and market we line them up, mark the best price for each outcome and note which prices have
          moved up or down.
        </li>
        <li>
          We work out each bookmaker’s margin — how much it keeps on a market — so you can tell a generous price from a
          greedy one.
        </li>
      </ol>

      <h2 className="h4">Independent by design</h2>
      <p>
        We do not take affiliate commissions and no bookmaker can pay to appear higher or look better. The best price is
        simply the highest number. OddsMate is free forever for the comparison you see today.
      </p>

      <h2 className="h4">What we are not</h2>
      <p>
        {
          'OddsMate is not a bookmaker: we do not take bets, hold money or give tips. Odds change quickly, so always check the price on the bookmaker’s own site before you stake. Betting is for adults aged 18 and over — please read our '
        }
        <Link to="/responsible-gambling">responsible gambling</Link> advice.
      </p>

      <h2 className="h4">Where we are going</h2>
      <p>
        Nigeria is live. Kenya and Ghana are next, with their most popular bookmakers. Logged-in members can tell us
        what to build through the feedback form — we read every message.
      </p>
    </LegalPage>
  );
}
