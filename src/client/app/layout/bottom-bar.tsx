/**
 * Phone-only bottom bar, shown when logged in: Home goes to
 * /dashboard; Drops, Tools (sure bets and value bets), Alerts and the slip are one thumb away too.
 * Profile, Help and Feedback live in the account drawer. The slip's few-second confirmation shows
 * over the quick links (slip-added.tsx), never over the page.
 */

/** The bottom bar's short name of /alerts (the drawer says 'My alerts'). */
const ALERTS_NAV_LABEL = 'Alerts';
import { NavLink, useLocation } from 'react-router-dom';
import { DROPS_NAV_LABEL, DROPS_PATH } from '@shared/drops-nav';
import { UI } from '@shared/messages';
import { TOOLS_NAV } from '@shared/tools-nav';
import { SlipAdded } from './slip-added';
import { SlipToggle } from './slip-host';

const ITEMS = [
  { to: '/dashboard', label: UI.home, icon: 'M3 9.5 10 3l7 6.5V17h-4.5v-4.5h-5V17H3z' },
  { to: DROPS_PATH, label: DROPS_NAV_LABEL, icon: 'M10 17.5 3.5 11h4.25V2.5h4.5V11h4.25z' },
  {
    // Sure bets first; the tool pages switch between sure bets and value bets.
    to: TOOLS_NAV.surebetsPath,
    label: TOOLS_NAV.tools,
    match: '/tools/',
    icon: 'M3 3h6v6H3zm8 0h6v6h-6zM3 11h6v6H3zm8 0h6v6h-6z',
  },
  {
    to: '/alerts',
    label: ALERTS_NAV_LABEL,
    icon: 'M10 2.5c-2.8 0-4.5 2-4.5 4.8v3.4L3.8 13.5v1h12.4v-1l-1.7-2.8V7.3c0-2.8-1.7-4.8-4.5-4.8zM8 15.5a2 2 0 0 0 4 0z',
  },
] as const;

export function BottomBar() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-bar d-md-none fixed-bottom border-top bg-body" aria-label="Quick links">
      <ul className="nav nav-justified">
        {ITEMS.map((item) => (
          <li key={item.to} className="nav-item">
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `nav-link d-flex flex-column align-items-center py-2 small${
                  isActive || ('match' in item && pathname.startsWith(item.match)) ? ' active' : ''
                }`
              }
            >
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
      <SlipAdded placement="bar" />
    </nav>
  );
}
