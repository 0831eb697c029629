/**
 * The floating element shown only when logged in (the product leaves its content open): a shortcut to
 * the anonymous feedback form, so telling us about a wrong price is one tap from any page. It never covers
 * content: phones reach the form from the account drawer, so it is hidden
 * there; from the md breakpoint it sits in the flow above the footer; from xl, where the page has a margin
 * beside its column, it floats as a round button inside that margin. The form's own page has none.
 */
import { Link, useLocation } from 'react-router-dom';
import { UI } from '@shared/messages';

const FEEDBACK_SHORTCUT_LABEL = 'Send feedback';
const FEEDBACK_PATH = '/feedback';

export function FeedbackShortcut() {
  const { pathname } = useLocation();
  if (pathname === FEEDBACK_PATH) return null;
  return (
    // A landmark of its own, so everything on the page sits in one (axe 'region').
    <aside aria-label="Feedback shortcut" className="feedback-shortcut-slot container-lg d-none d-md-flex">
      <Link
        to={FEEDBACK_PATH}
        className="feedback-shortcut btn btn-warning rounded-pill shadow-sm d-inline-flex align-items-center justify-content-center gap-2"
        aria-label={FEEDBACK_SHORTCUT_LABEL}
        title={FEEDBACK_SHORTCUT_LABEL}
      >
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M3 3h14v10H8l-4 4v-4H3z" fill="currentColor" />
        </svg>
        <span className="feedback-shortcut-text" aria-hidden="true">
          {UI.feedback}
        </span>
      </Link>
    </aside>
  );
}
