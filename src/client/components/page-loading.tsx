import { UI } from '@shared/messages';

/** The 'Loading...' state of protected routes and lazily loaded pages. */
export function PageLoading() {
  return (
    <main className="container py-5 text-center page-loading">
      <p role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        <span>{UI.loading}</span>
      </p>
    </main>
  );
}
