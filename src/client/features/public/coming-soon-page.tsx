/**
 * `/kenya` and `/ghana` (docs/architecture.md#settled-details): coming-soon pages with the region's popular
 * bookmakers, the four leagues and the eight markets, and the free-to-use, free-registration and
 * best-odds blurb.
 */
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../components/use-page-meta';
import { CoverageLists } from './coverage-lists';
import { RegionFlag } from './region-flag';
import { regionBySlug, type RegionSlug } from './regions';
import './public.css';

function comingSoonHeadline(name: string): string {
  return `OddsMate is coming to ${name}`;
}

export function ComingSoonPage({ region: slug }: { region: Exclude<RegionSlug, 'nigeria'> }) {
  const region = regionBySlug(slug);
  usePageMeta(
    `Football odds in ${region.name} — coming soon`,
    `OddsMate is coming to ${region.name}: compare football odds from ${region.bookmakers.join(', ')} for free.`,
  );
  return (
    <main>
      <section className="hero text-white">
        <div className="container-lg py-5">
          <p className="d-flex align-items-center gap-2 mb-3">
            <RegionFlag region={region.slug} />
            <span className="badge text-bg-light">Coming soon</span>
          </p>
          <h1 className="display-6 fw-bold mb-3">{comingSoonHeadline(region.name)}</h1>
          <p className="lead mb-0 col-lg-8">
            {`We are preparing odds comparison for ${region.name}’s most popular bookmakers. The same tables, the same best-price highlighting and the same margin badges you get in Nigeria — priced in ${region.currency}.`}
          </p>
        </div>
      </section>
      <div className="container-lg">
        <section className="pt-5" aria-labelledby="promise-title">
          <h2 id="promise-title" className="h3">
            Free to use. Free to register. Best odds.
          </h2>
          <p>
            {`OddsMate is free to use and registration is free — it takes about 30 seconds. Once ${region.name} goes live, you will see every bookmaker’s price for a match side by side, with the best odds highlighted, so you never settle for less than the top price.`}
          </p>
        </section>
        <CoverageLists
          title={`What we will compare in ${region.name}`}
          bookmakersTitle="Popular bookmakers"
          bookmakers={region.bookmakers}
        />
        <section className="pb-5" aria-labelledby="meanwhile-title">
          <h2 id="meanwhile-title" className="h3">
            In the meantime
          </h2>
          <p className="mb-3">
            Nigeria is live today. Have a look at how it works with real sample matches, or read more about us.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Link to="/nigeria" className="btn btn-success">
              See Nigeria’s odds
            </Link>
            <Link to="/" className="btn btn-outline-secondary">
              Back to all regions
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
}
