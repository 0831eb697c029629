/**
 * Sets the document title and meta description for the page being shown. Prerendering captures
 * both into the static HTML, so search engines and link previews see each page's own text.
 */
import { useEffect } from 'react';
import { APP_NAME } from '@shared/constants';

function pageTitle(title: string): string {
  return title.includes(APP_NAME) ? title : `${title} — ${APP_NAME}`;
}

export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}

/** For route elements whose page component sets no meta of its own (the logged-in area). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  usePageMeta(title, description);
  return null;
}
