import { useEffect } from 'react';

/** Each page sets its own title and meta description (the SPA has one index.html). */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
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
