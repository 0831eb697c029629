/**
 * `/`: hero, the site's claims, region picker, why compare odds, features. Reached
 * right after an account was deleted, it says so first.
 */
import { Link } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { useAppSelector } from '../../app/hooks';
import { selectAccountDeleted } from '../../lib/session';
import { usePageMeta } from '../../components/use-page-meta';
import { ClaimsStrip, FeatureGrid, WhyCompare } from './landing-sections';
import { RegionPicker } from './region-picker';
import { SignUpButton } from './sign-up-button';
import './public.css';

const LANDING_TITLE = 'OddsMate — compare football odds in Nigeria';
const LANDING_HEADLINE = 'Get the best football odds in Nigeria, every time';

/** What the comparison covers, beside the headline on a wide screen (a phone has it further down). */
const HERO_FACTS: ReadonlyArray<[string, string]> = [
  ['Best price first', 'Every match names the bookmaker that pays most, and how much more it returns on ₦1,000.'],
  ['Five bookmakers', 'Bet9Ja, BetKing, SportyBet, NairaBet and 1XBet side by side, with each one’s margin.'],
  [
    'Four leagues, eight markets',
    'Premier League, La Liga, Serie A and Bundesliga: 1X2, over/under, BTTS and double chance.',
  ],
];

function HeroFacts() {
  return (
    <ul className="col-lg-5 d-none d-lg-block list-unstyled mb-0 hero-facts">
      {HERO_FACTS.map(([title, text]) => (
        <li key={title} className="hero-fact rounded-3 p-3 mb-3">
          <p className="fw-bold mb-1">{title}</p>
          <p className="small mb-0">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function LandingPage() {
  usePageMeta(
    LANDING_TITLE,
    'Compare football odds from Bet9Ja, BetKing, SportyBet, NairaBet and 1XBet side by side: best price, price movement and each bookmaker’s margin. Free forever.',
  );
  const accountDeleted = useAppSelector(selectAccountDeleted);
  return (
    <main>
      {accountDeleted && (
        <div className="container-lg pt-3">
          <div className="alert alert-success mb-0" role="status">
            {MSG.accountDeleted}
          </div>
        </div>
      )}
      <section className="hero text-white">
        <div className="container-lg py-5">
          <div className="row g-4 align-items-center">
            <div className="col-lg-7">
              <h1 className="display-5 fw-bold mb-3">{LANDING_HEADLINE}</h1>
              <p className="lead mb-4">
                OddsMate puts the prices of Nigeria’s biggest bookmakers side by side for the Premier League, La Liga,
                Serie A and Bundesliga — so you always know who pays the most before you place a bet.
              </p>
              <div className="d-flex flex-wrap gap-2">
                <SignUpButton />
                <Link to="/nigeria" className="btn btn-outline-light btn-lg">
                  See today’s odds
                </Link>
              </div>
            </div>
            <HeroFacts />
          </div>
        </div>
      </section>
      <div className="container-lg">
        <ClaimsStrip />
        <RegionPicker />
        <WhyCompare />
        <FeatureGrid />
        <section className="text-center py-5" aria-labelledby="cta-title">
          <h2 id="cta-title" className="h3">
            Start comparing in 30 seconds
          </h2>
          <p className="text-body-secondary mb-4">
            Pick a username, add your e-mail, confirm the code we send you — that’s it. No card, no fees.
          </p>
          <SignUpButton />
        </section>
      </div>
    </main>
  );
}
