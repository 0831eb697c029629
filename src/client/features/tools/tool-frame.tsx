import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { TOOLS_NAV } from '@shared/tools-nav';
import { Alert, Spinner } from 'reactstrap';
import { TOOLS_MSG } from '@shared/tools-messages';
import './tools.css';
import { ErrorMessageFor } from '../../components/error-ref';
import { MyBooksToggle } from '../../components/odds/my-books-toggle';
import { MY_BOOKS_MSG } from '@shared/my-books';
import { MyBooksScope } from '../../lib/my-books';
import { useMyBooksContext } from '../../lib/my-books-context';

const TOOL_SWITCH_LABEL = 'Bettor tools';
const TOOL_PAGES = [
  { to: TOOLS_NAV.surebetsPath, label: TOOLS_NAV.surebets },
  { to: TOOLS_NAV.valuePath, label: TOOLS_NAV.value },
] as const;

/** The tool switch, heading, intro and the responsible-gambling link every tool page carries (docs/product.md §10). */
export function ToolFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main className="container py-3 tool-page">
      {/* The phone bottom bar's 'Tools' opens sure bets; this switches between the two tools. */}
      <nav aria-label={TOOL_SWITCH_LABEL} className="mb-2">
        <ul className="nav nav-pills nav-fill small tool-switch">
          {TOOL_PAGES.map((tool) => (
            <li key={tool.to} className="nav-item">
              <NavLink to={tool.to} className="nav-link py-1">
                {tool.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="h4 mb-1">{title}</h1>
      <div className="small text-body-secondary mb-3">{intro}</div>
      <MyBooksScope>
        <MyBooksLine />
      </MyBooksScope>
      {children}
      <p className="small mt-4 mb-0">
        <Link to="/responsible-gambling">{TOOLS_MSG.responsibleGambling}</Link>
      </p>
    </main>
  );
}

/** The "My books only / All books" toggle, and while it limits the list, which books count. */
function MyBooksLine() {
  const { books, limit } = useMyBooksContext();
  if (books.length === 0) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <MyBooksToggle />
      {limit && <span className="small text-body-secondary">{MY_BOOKS_MSG.limitedTo(limit)}</span>}
    </div>
  );
}

/** Loading, error, empty, or the list. */
export function ListState({
  isError,
  failed,
  source,
  empty,
  isEmpty,
  loading,
  children,
}: {
  isError: boolean;
  failed: string;
  /** Where the failure is recorded (`useShownError`), for its reference. */
  source: string;
  empty: string;
  isEmpty: boolean;
  loading: boolean;
  children: ReactNode;
}) {
  if (isError)
    return (
      <Alert color="danger" fade={false}>
        <ErrorMessageFor source={source}>{failed}</ErrorMessageFor>
      </Alert>
    );
  if (loading)
    return (
      <div className="d-flex justify-content-center py-5">
        <Spinner color="primary">{TOOLS_MSG.loading}</Spinner>
      </div>
    );
  if (isEmpty) return <Alert color="info">{empty}</Alert>;
  return <>{children}</>;
}
