/** The landing page's region cards: Nigeria is live; Kenya and Ghana show 'Soon'. */
import { Link } from 'react-router-dom';
import { UI } from '@shared/messages';
import { RegionFlag } from './region-flag';
import { REGIONS } from './regions';

export function RegionPicker() {
  return (
    <section className="py-5" aria-labelledby="regions-title">
      <h2 id="regions-title" className="h3 mb-4 text-center">
        Choose your region
      </h2>
      <ul className="row g-3 list-unstyled mb-0">
        {REGIONS.map((region) => (
          <li key={region.slug} className="col-12 col-md-4">
            <Link to={`/${region.slug}`} className="region-card card h-100 text-decoration-none shadow-sm">
              <div className="card-body d-flex align-items-center gap-3">
                <RegionFlag region={region.slug} />
                <div className="flex-grow-1">
                  <h3 className="h5 mb-1 text-body-emphasis">
                    {region.name}
                    {region.live ? (
                      <span className="badge text-bg-success align-middle ms-2">Live</span>
                    ) : (
                      <span className="badge text-bg-secondary align-middle ms-2">{UI.soon}</span>
                    )}
                  </h3>
                  <p className="small text-body-secondary mb-0">{region.tagline}</p>
                </div>
                <span aria-hidden="true" className="fs-4 text-body-secondary">
                  ›
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
