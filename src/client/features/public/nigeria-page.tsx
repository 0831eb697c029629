/** `/nigeria`: a live preview of two matches, the sign-up call to action and coverage. */
import { usePageMeta } from '../../components/use-page-meta';
import { CoverageLists } from './coverage-lists';
import { AccountBlurbs } from './landing-sections';
import { NigeriaPreview } from './nigeria-preview';
import { regionBySlug } from './regions';
import { SignUpButton } from './sign-up-button';
import './public.css';

const NIGERIA_HEADLINE = 'Compare football odds in Nigeria';

export function NigeriaPage() {
  usePageMeta(
    'Football odds in Nigeria',
    'Live football odds from Bet9Ja, BetKing, SportyBet, NairaBet and 1XBet compared for the Premier League, La Liga, Serie A and Bundesliga. Free to use.',
  );
  const nigeria = regionBySlug('nigeria');
  return (
    <main>
      <section className="hero text-white">
        <div className="container-lg py-5">
          <p className="text-uppercase small fw-semibold mb-2 hero-kicker">Live in Nigeria</p>
          <h1 className="display-6 fw-bold mb-3">{NIGERIA_HEADLINE}</h1>
          <p className="lead mb-4 col-lg-8">
            Five Nigerian bookmakers, Europe’s four biggest leagues and eight markets, refreshed throughout the day.
            Here is a taste — sign up free to see every match.
          </p>
          <SignUpButton />
        </div>
      </section>
      <div className="container-lg">
        <section className="py-5" aria-labelledby="preview-title">
          <h2 id="preview-title" className="h3 mb-3">
            Sample matches
          </h2>
          <NigeriaPreview />
        </section>
        <AccountBlurbs />
        <CoverageLists title="What we compare" bookmakersTitle="Bookmakers" bookmakers={nigeria.bookmakers} />
        <section className="text-center pb-5" aria-labelledby="nigeria-cta-title">
          <h2 id="nigeria-cta-title" className="h3">
            All matches, all markets, free
          </h2>
          <p className="text-body-secondary mb-4">Registration takes 30 seconds. No card, no fees, ever.</p>
          <SignUpButton />
        </section>
      </div>
    </main>
  );
}
