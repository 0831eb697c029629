/**
 * Footer: the about and legal pages and the 18+ notice. Texts with values are
 * single template strings: prerendered HTML merges adjacent text nodes, which hydration would
 * then see as a mismatch.
 */
import { Link } from 'react-router-dom';
import { APP_NAME, MINIMUM_AGE } from '@shared/constants';

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/responsible-gambling', label: 'Responsible Gambling' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer border-top bg-body-tertiary mt-5">
      <div className="container-lg py-4">
        <nav aria-label="Site information">
          <ul className="nav justify-content-center mb-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to} className="nav-item">
                <Link to={link.to} className="nav-link link-body-emphasis px-2">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-center small mb-1">
          <span className="age-badge me-2">{`${MINIMUM_AGE}+`}</span>
          {`${APP_NAME} is for adults aged ${MINIMUM_AGE} and over. Gambling can be addictive — please bet responsibly.`}
        </p>
        <p className="text-center small text-body-secondary mb-0">
          {`${APP_NAME} compares prices; it is not a bookmaker and does not take bets. Always confirm odds with the bookmaker before you stake.`}
        </p>
      </div>
    </footer>
  );
}
