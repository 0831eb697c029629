/** The landing page's content blocks. The claims are the site claims of docs/product.md#purpose. */
import { MARGIN_AVERAGE_MAX, MARGIN_GOOD_MAX } from '@shared/constants';

const CLAIMS = [
  { title: 'Free forever', text: 'No subscription, no paywall, no card details.' },
  { title: 'No affiliate bias', text: 'Prices are ranked by value, never by commission.' },
  { title: 'Mobile friendly', text: 'Made for the phone in your pocket.' },
  { title: 'Odds up to 15-20% better', text: 'Than taking the first price you find.' },
  { title: 'Registration takes 30 seconds', text: 'A username, an e-mail and a password.' },
];

export function ClaimsStrip() {
  return (
    <section aria-labelledby="claims-title" className="pt-5">
      <h2 id="claims-title" className="visually-hidden">
        Why OddsMate
      </h2>
      <ul className="row g-3 list-unstyled mb-0 text-center">
        {CLAIMS.map((claim) => (
          <li key={claim.title} className="col-6 col-lg">
            <p className="fw-bold mb-1">{claim.title}</p>
            <p className="small text-body-secondary mb-0">{claim.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WhyCompare() {
  return (
    <section className="py-5 border-top" aria-labelledby="why-title">
      <div className="row g-4 align-items-center">
        <div className="col-lg-7">
          <h2 id="why-title" className="h3">
            Why compare odds?
          </h2>
          <p>
            Bookmakers rarely agree on a price. For the same home win one may offer 2.10 while another pays 2.35. Stake
            ₦5,000 and that is ₦10,500 back against ₦11,750 — ₦1,250 more for exactly the same bet.
          </p>
          <p>
            Over a season of weekend bets, those gaps decide whether you finish up or down. Every price also hides a
            margin: the bookmaker’s built-in edge. OddsMate shows each bookmaker’s margin next to its prices, so you can
            see at a glance who is offering a fair deal.
          </p>
        </div>
        <div className="col-lg-5">
          <figure className="card shadow-sm mb-0">
            <div className="card-body">
              <figcaption className="small text-body-secondary mb-2">Example: ₦5,000 on a home win</figcaption>
              <table className="table table-sm mb-0">
                <thead>
                  <tr>
                    <th scope="col">Bookmaker</th>
                    <th scope="col" className="text-end">
                      Odds
                    </th>
                    <th scope="col" className="text-end">
                      Return
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>Bookmaker A</td>
                    <td className="text-end">2.10</td>
                    <td className="text-end">₦10,500</td>
                  </tr>
                  <tr>
                    <td>Bookmaker B</td>
                    <td className="text-end fw-bold">2.35</td>
                    <td className="text-end fw-bold">₦11,750</td>
                  </tr>
                </tbody>
              </table>
            </div>
          </figure>
        </div>
      </div>
    </section>
  );
}

const FEATURES = [
  {
    title: 'Best odds highlighted',
    text: 'The top price for every selection is shown in bold yellow, so value stands out in a glance.',
  },
  {
    title: 'Price movement',
    text: 'Green up and red down arrows show which prices rose or fell; a lightning bolt marks boosted odds.',
  },
  {
    title: 'Bookmaker margins',
    text: `Each row carries a colour-coded margin: ${MARGIN_GOOD_MAX}% or less is good, up to ${MARGIN_AVERAGE_MAX}% is average, above that is high.`,
  },
  {
    title: 'Four leagues, eight markets',
    text: 'Premier League, La Liga, Serie A and Bundesliga: match result, over/under 0.5 to 4.5 goals, both teams to score and double chance.',
  },
  {
    title: 'Built for phones',
    text: 'A light page that loads quickly on mobile data and stays readable on the smallest screens.',
  },
  {
    title: 'Independent',
    text: 'We take no affiliate commission, so no bookmaker can pay to look better than it is.',
  },
];

interface Blurb {
  title: string;
  text: string;
}

/** A headed list of short blurbs, a title and a line each, side by side on wider screens. */
function BlurbList(props: { id: string; title: string; blurbs: readonly Blurb[]; className: string; item: string }) {
  return (
    <section className={props.className} aria-labelledby={props.id}>
      <h2 id={props.id} className="h3 mb-4">
        {props.title}
      </h2>
      <ul className="row g-4 list-unstyled mb-0">
        {props.blurbs.map((blurb) => (
          <li key={blurb.title} className={props.item}>
            <h3 className="h6 fw-bold">{blurb.title}</h3>
            <p className="text-body-secondary mb-0">{blurb.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FeatureGrid() {
  return (
    <BlurbList
      id="features-title"
      title="Everything you need to pick the best price"
      blurbs={FEATURES}
      className="py-5 border-top"
      item="col-12 col-sm-6 col-lg-4"
    />
  );
}

/** What a free account gives, on the country page (`/nigeria`). */
const ACCOUNT_BLURBS = [
  {
    title: 'Every bookmaker on one screen',
    text: 'Bet9Ja, BetKing, SportyBet, NairaBet and 1XBet in one table per market — no more hopping between five apps.',
  },
  {
    title: 'Spot the best price instantly',
    text: 'The highest odds for each outcome are highlighted, with arrows when a price moves and a bolt for boosts.',
  },
  {
    title: 'Know the margin you pay',
    text: 'Each bookmaker’s margin sits beside its prices, so you can favour the ones that take less from every bet.',
  },
];

export function AccountBlurbs() {
  return (
    <BlurbList
      id="blurbs-title"
      title="What you get with a free account"
      blurbs={ACCOUNT_BLURBS}
      className="pb-4"
      item="col-12 col-md-4"
    />
  );
}
