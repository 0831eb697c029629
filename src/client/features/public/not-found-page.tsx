/** Unknown routes: a friendly way back to the odds. */
import { Link } from 'react-router-dom';
import { UI } from '@shared/messages';
import { usePageMeta } from '../../components/use-page-meta';

const NOT_FOUND_TITLE = 'Page not found';

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_TITLE, 'This page does not exist on OddsMate.');
  return (
    <main className="container-lg py-5 text-center">
      <p className="display-4 fw-bold text-body-secondary mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="h2">{NOT_FOUND_TITLE}</h1>
      <p className="text-body-secondary mb-4">
        The page you were looking for has moved or never existed. The odds are still where you left them.
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to="/" className="btn btn-success">
          {UI.backToHome}
        </Link>
        <Link to="/nigeria" className="btn btn-outline-secondary">
          See Nigeria’s odds
        </Link>
      </div>
    </main>
  );
}
