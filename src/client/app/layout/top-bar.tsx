/**
 * Top bar: the brand links to /dashboard when logged in, else /. Logged out shows
 * Login; logged in shows the 'Account' button that opens the left drawer and, from md up, the
 * 'Drops' and tools links and 'Slip (n)' (phones have them in the bottom bar). From md the bar stays
 * at the top of the screen (layout.css), so the slip's few-second confirmation, shown over those
 * links, is in view wherever the price was tapped and covers no price. While the start-up
 * session check runs (and in prerendered HTML) the slot holds a same-size neutral placeholder,
 * so hydration matches and nothing shifts when the check ends.
 */
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { DROPS_NAV_LABEL, DROPS_PATH } from '@shared/drops-nav';
import { UI } from '@shared/messages';
import { TOOLS_NAV } from '@shared/tools-nav';
import { selectAuthLoading, selectIsLoggedIn } from '../../lib/session';
import { dialogOpened } from '../../features/account/dialogs.slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { BrandLink } from './brand-link';
import { SlipAdded } from './slip-added';
import { SlipToggle } from './slip-host';

const ACCOUNT_DRAWER_ID = 'account-drawer';

// Only logged-in visitors need the drawer (and reactstrap's Offcanvas): it loads once a session
// exists, never on a prerendered first visit.
// The drawer (with reactstrap's Offcanvas and its transition) is mounted the first time it opens,
// so a page's first load does not carry it; pointing at or focusing the button fetches it ahead.
const AccountDrawer = lazy(() =>
  import(/* webpackChunkName: "account-drawer" */ './account-drawer').then((m) => ({ default: m.AccountDrawer })),
);
const preloadAccountDrawer = () =>
  void import(/* webpackChunkName: "account-drawer" */ './account-drawer').catch(() => undefined);

// The bell and its polling come with their own chunk, once a session exists.
const NotificationBell = lazy(() =>
  import(/* webpackChunkName: "bell" */ '../../features/alerts/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

export function TopBar() {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectAuthLoading);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  let action;
  if (loading) action = <span className="top-bar-slot" aria-hidden="true" />;
  else if (loggedIn)
    action = (
      <button
        type="button"
        className="btn btn-outline-light btn-sm top-bar-slot"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        aria-controls={drawerUsed ? ACCOUNT_DRAWER_ID : undefined}
        onPointerEnter={preloadAccountDrawer}
        onFocus={preloadAccountDrawer}
        onClick={() => {
          setDrawerUsed(true);
          setDrawerOpen(true);
        }}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" className="me-1" aria-hidden="true" focusable="false">
          <circle cx="8" cy="5" r="3" fill="currentColor" />
          <path d="M2 15c0-3.3 2.7-5 6-5s6 1.7 6 5z" fill="currentColor" />
        </svg>
        {UI.account}
      </button>
    );
  else
    action = (
      <button
        type="button"
        className="btn btn-light btn-sm top-bar-slot"
        onClick={() => dispatch(dialogOpened({ name: 'login' }))}
      >
        {UI.login}
      </button>
    );

  return (
    <header>
      {/* Bootstrap's navbar markup: reactstrap's Navbar and Button would add their code to every first load. */}
      <nav className="top-bar navbar navbar-expand navbar-dark">
        <div className="container-lg">
          <BrandLink to={loggedIn ? '/dashboard' : '/'} />
          <div className="ms-auto d-flex align-items-center gap-2">
            {loggedIn && !loading && (
              // From md: Drops and the tools, and over them, for a few seconds after a price goes on
              // the slip, its confirmation (phones have all three in the bottom bar).
              <div className="top-bar-links d-none d-md-flex align-items-center">
                <NavLink to={DROPS_PATH} className="nav-link text-white px-2">
                  {DROPS_NAV_LABEL}
                </NavLink>
                {/* A named group inside the bar's own navigation, not a landmark of its own: the
                    account drawer's 'Tools' is the one navigation of that name. */}
                <div role="group" aria-label={TOOLS_NAV.tools} className="d-flex align-items-center top-bar-tools">
                  <NavLink to={TOOLS_NAV.surebetsPath} className="nav-link text-white px-2">
                    {TOOLS_NAV.surebets}
                  </NavLink>
                  <NavLink to={TOOLS_NAV.valuePath} className="nav-link text-white px-2">
                    {TOOLS_NAV.value}
                  </NavLink>
                </div>
                <SlipAdded placement="top" />
              </div>
            )}
            {loggedIn && !loading && <SlipToggle className="btn btn-sm btn-outline-light d-none d-md-inline-block" />}
            {loggedIn && !loading && (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            )}
            {action}
          </div>
        </div>
      </nav>
      {loggedIn && drawerUsed && (
        <Suspense fallback={null}>
          <AccountDrawer id={ACCOUNT_DRAWER_ID} isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
