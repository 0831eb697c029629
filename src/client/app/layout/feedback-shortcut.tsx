/**
 * The floating element shown only when logged in (docs/product.md §2 leaves its content open): a shortcut to
 * the anonymous feedback form, so telling us about a wrong price is one tap from any page.
 */
import { Link } from 'react-router-dom';

const FEEDBACK_SHORTCUT_LABEL = 'Send feedback';

export function FeedbackShortcut() {
  return (
    // A landmark of its own, so everything on the page sits in one (axe 'region').
    <aside aria-label="Feedback shortcut">
      <Link
        to="/feedback"
        className="feedback-shortcut btn btn-warning rounded-pill shadow d-inline-flex align-items-center gap-2"
        aria-label={FEEDBACK_SHORTCUT_LABEL}
        title={FEEDBACK_SHORTCUT_LABEL}
      >
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M3 3h14v10H8l-4 4v-4H3z" fill="currentColor" />
        </svg>
        <span className="d-none d-md-inline" aria-hidden="true">
          Feedback
        </span>
      </Link>
    </aside>
  );
}
