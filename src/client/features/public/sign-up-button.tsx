/**
 * 'Get Started Free' opens the Register dialog. A logged-in visitor gets a link to the
 * dashboard in the same place instead; while the session check runs (and in prerendered HTML)
 * the sign-up button shows, so the first client render matches the static page.
 */
import { Link } from 'react-router-dom';
import { UI } from '@shared/messages';
import { selectAuthLoading, selectIsLoggedIn } from '../../lib/session';
import { useAppSelector } from '../../app/hooks';
import { requestDialog } from '../../lib/open-events';

const OPEN_DASHBOARD = 'Open Dashboard';

export function SignUpButton({ className }: { className?: string }) {
  // No stray spaces in class lists: prerendering normalizes them, and hydration compares them.
  const classes = (base: string) => [base, className].filter(Boolean).join(' ');
  const loading = useAppSelector(selectAuthLoading);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (!loading && loggedIn)
    return (
      <Link to="/dashboard" className={classes('btn btn-warning btn-lg fw-semibold')}>
        {OPEN_DASHBOARD}
      </Link>
    );
  return (
    <button
      type="button"
      className={classes('btn btn-warning btn-lg fw-semibold')}
      onClick={() => requestDialog('register')}
    >
      {UI.getStartedFree}
    </button>
  );
}
