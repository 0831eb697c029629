/** Frame of the static pages: a heading, the text, and a 'Back to Home' link. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UI } from '@shared/messages';
import { usePageMeta } from '../../components/use-page-meta';
import './public.css';

interface LegalPageProps {
  title: string;
  description: string;
  /** Shown under the heading, e.g. when the text last changed. */
  intro?: ReactNode;
  children: ReactNode;
}

export function LegalPage({ title, description, intro, children }: LegalPageProps) {
  usePageMeta(title, description);
  return (
    <main className="container-lg py-5">
      <article className="legal-page mx-auto">
        <h1 className="mb-3">{title}</h1>
        {intro && <p className="lead">{intro}</p>}
        {children}
        <p className="mt-5 mb-0">
          <Link to="/" className="btn btn-outline-success">
            <span aria-hidden="true" className="me-1">
              ←
            </span>
            {UI.backToHome}
          </Link>
        </p>
      </article>
    </main>
  );
}
