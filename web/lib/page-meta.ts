import { useEffect } from 'react';

/**
 * In the SPA shell (index.html) a page sets its own title and meta description; a page the server
 * renders declares them in its route's head() instead (web/lib/page-head.ts). null: leave them.
 */
export function usePageMeta(title: string | null, description: string | null) {
  useEffect(() => {
    if (title === null || description === null) return;
    document.title = `${title} | Bulkhead`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
