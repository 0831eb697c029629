/**
 * Phone-only bottom bar (docs/product.md §2, docs/architecture.md §8), shown when logged in: Home goes to
 * /dashboard; Drops, Profile and Help are one thumb away too.
 */
import { NavLink } from 'react-router-dom';
import { DROPS_NAV_LABEL, DROPS_PATH } from '@shared/drops-nav';
import { UI } from '@shared/messages';
import { SlipToggle } from './slip-host';

const ITEMS = [
  { to: '/dashboard', label: UI.home, icon: 'M3 9.5 10 3l7 6.5V17h-4.5v-4.5h-5V17H3z' },
  { to: DROPS_PATH, label: DROPS_NAV_LABEL, icon: 'M10 17.5 3.5 11h4.25V2.5h4.5V11h4.25z' },
  {
    to: '/profile',
    label: UI.profile,
    icon: 'M10 3a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM3 17c0-3.6 3.1-5.5 7-5.5s7 1.9 7 5.5z',
  },
  {
    to: '/help',
    label: UI.help,
    icon: 'M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-.9 11.5v2h1.8v-2zM10 5C8.3 5 7 6.2 7 7.8h1.8c0-.6.5-1.1 1.2-1.1s1.2.5 1.2 1.1c0 1.2-2.1 1.2-2.1 3.4h1.8c0-1.5 2.1-1.8 2.1-3.5C13 6.2 11.7 5 10 5z',
  },
] as const;

export function BottomBar() {
  return (
    <nav className="bottom-bar d-md-none fixed-bottom border-top bg-body" aria-label="Quick links">
      <ul className="nav nav-justified">
        {ITEMS.map((item) => (
          <li key={item.to} className="nav-item">
            <NavLink to={item.to} className="nav-link d-flex flex-column align-items-center py-2 small">
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d={item.icon} fill="currentColor" />
              </svg>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li className="nav-item">
          <SlipToggle className="nav-link btn btn-link w-100 d-flex flex-column align-items-center py-2 small">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M5 2h10v16l-2.5-1.5L10 18l-2.5-1.5L5 18zm2 4v1.5h6V6zm0 3.5V11h6V9.5z" fill="currentColor" />
            </svg>
          </SlipToggle>
        </li>
      </ul>
    </nav>
  );
}
