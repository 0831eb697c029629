/** Bookmakers, leagues and markets covered by a region (docs/architecture.md#settled-details). */
import { COMPETITIONS, MARKETS } from '@shared/lookups';

const LEAGUE_COUNTRIES: Record<number, string> = { 1: 'England', 2: 'Spain', 3: 'Italy', 4: 'Germany' };

const LEAGUES = COMPETITIONS.map((c) => `${c.name} (${LEAGUE_COUNTRIES[c.id] ?? c.flag})`);
const MARKET_LABELS = MARKETS.map((m) => `${m.name} — ${m.description}`);

function CoverageList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <div className="col-12 col-md-4">
      <div className="card h-100 shadow-sm">
        <div className="card-body">
          <h3 id={id} className="h5">
            {title}
          </h3>
          <ul className="mb-0 ps-3" aria-labelledby={id}>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

export function CoverageLists({
  title,
  bookmakersTitle,
  bookmakers,
}: {
  title: string;
  bookmakersTitle: string;
  bookmakers: readonly string[];
}) {
  return (
    <section className="py-5" aria-labelledby="coverage-title">
      <h2 id="coverage-title" className="h3 mb-4">
        {title}
      </h2>
      <div className="row g-3">
        <CoverageList id="coverage-bookmakers" title={bookmakersTitle} items={bookmakers} />
        <CoverageList id="coverage-leagues" title="Leagues" items={LEAGUES} />
        <CoverageList id="coverage-markets" title="Markets" items={MARKET_LABELS} />
      </div>
    </section>
  );
}
