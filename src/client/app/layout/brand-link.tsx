import { Link } from 'react-router-dom';
import { APP_NAME } from '@shared/constants';

/** The brand: a small inline mark (no image request) and the name, linking home. */
export function BrandLink({ to }: { to: string }) {
  return (
    <Link to={to} className="navbar-brand d-flex align-items-center gap-2 fw-bold">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="#fff" />
        <path d="M16 6l6 4.5-2.3 7h-7.4L10 10.5z" fill="#0b6e4f" />
        <path d="M8 21h16M11 25h10" stroke="#0b6e4f" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span>{APP_NAME}</span>
    </Link>
  );
}
