import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { TOOLS_NAV } from '@shared/tools-nav';
import { Alert, Spinner } from 'reactstrap';
import { TOOLS_MSG } from '@shared/tools-messages';
import './tools.css';
import { ErrorMessageFor } from '../../components/error-ref';
import { useShownError } from '../../lib/shown-error';
import { MyBooksToggle } from '../../components/odds/my-books-toggle';
import { MY_BOOKS_MSG } from '@shared/my-books';
import { MyBooksScope } from '../../lib/my-books';
import { useMyBooksContext } from '../../lib/my-books-context';

const TOOL_SWITCH_LABEL = 'Bettor tools';
const TOOL_PAGES = [
  { to: TOOLS_NAV.surebetsPath, label: TOOLS_NAV.surebets },
  { to: TOOLS_NAV.valuePath, label: TOOLS_NAV.value },
] as const;

/** Each tool's words: its heading (also its list's name), intro and the list's failure and empty messages. */
const TOOL_WORDS = {
  surebets: {
    title: TOOLS_MSG.surebetsTitle,
    intro: TOOLS_MSG.surebetsIntro,
    failed: TOOLS_MSG.surebetsFailed,
    empty: TOOLS_MSG.surebetsEmpty,
  },
  value: {
    title: TOOLS_MSG.valueTitle,
    intro: TOOLS_MSG.valueIntro,
    failed: TOOLS_MSG.valueFailed,
    empty: TOOLS_MSG.valueEmpty,
  },
} as const;
type Tool = keyof typeof TOOL_WORDS;

/**
 * A tool page: the tool switch, heading, intro, the page's own controls and its
 * list (`ToolList`, which ends with the responsible-gambling link).
 */
export function ToolFrame({ tool, children }: { tool: Tool; children: ReactNode }) {
  const { title, intro } = TOOL_WORDS[tool];
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

/** What a tool's query answered so far (RTK Query's result). */
interface ToolResult {
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
}

/**
 * A tool's list, refreshed in place: loading, the failure (recorded where it shows, with its
 * reference), the empty message, or one item per entry; under it once it answered, `after` (what
 * explains the list: the answer leads) and the responsible-gambling link.
 */
export function ToolList<T>({
  tool,
  result: { error, isError, isFetching },
  items,
  after,
  children,
}: {
  tool: Tool;
  result: ToolResult;
  items: readonly T[] | undefined;
  after?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const { title, failed, empty } = TOOL_WORDS[tool];
  useShownError(tool, isError ? error : undefined, failed);
  let content: ReactNode;
  let answered = true;
  if (isError)
    content = (
      <Alert color="danger" fade={false}>
        <ErrorMessageFor source={tool}>{failed}</ErrorMessageFor>
      </Alert>
    );
  else if (!items) {
    answered = false;
    content = (
      <div className="d-flex justify-content-center py-5">
        <Spinner color="primary">{TOOLS_MSG.loading}</Spinner>
      </div>
    );
  } else if (items.length === 0) content = <Alert color="info">{empty}</Alert>;
  else content = <ol className="list-unstyled tool-list mb-0">{items.map(children)}</ol>;
  return (
    <>
      <section aria-label={title} aria-busy={isFetching}>
        {content}
      </section>
      {/* With the answer, not under the loading state, where the arriving list would push them down. */}
      {answered && after}
      {answered && (
        <p className="small mt-4 mb-0">
          <Link to="/responsible-gambling">{TOOLS_MSG.responsibleGambling}</Link>
        </p>
      )}
    </>
  );
}
