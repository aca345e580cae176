/**
 * The head tags of a public page, declared by its route's `head()` and rendered by the root's
 * `<HeadContent/>` on the server and in the browser (web/README.md, "Head tags").
 */
import { jsonLdScript, type JsonLd } from './structured-data.ts';

export interface PageHead {
  title: string;
  description: string;
  /** The page's own path and query, for the canonical URL; omitted on pages no search engine should keep. */
  path?: string;
  /** An absolute or site-relative image URL: the preview picture of Open Graph and Twitter cards. */
  image?: string | null;
  /** Adds `robots: noindex` (the not-found page, a failed read). */
  noIndex?: boolean;
}

export type HeadMeta = Record<string, string>[];

/** Where the site lives (PUBLIC_URL on the server), read from the root route's loader data. */
export const siteUrlOf = (matches: readonly { loaderData?: unknown }[]): string => {
  const data = matches[0]?.loaderData as { siteUrl?: string } | undefined;
  return data?.siteUrl ?? 'http://localhost';
};

/** A site path under the site URL, which may itself have a path (PUBLIC_URL=https://example.com/shop). */
const absolute = (siteUrl: string, path: string) => new URL(path.replace(/^\/+/, ''), siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;

export function pageHead(siteUrl: string, { title, description, path, image, noIndex }: PageHead) {
  const fullTitle = `${title} | Bulkhead`;
  const canonical = path === undefined ? undefined : absolute(siteUrl, path);
  const picture = image ? absolute(siteUrl, image) : undefined;
  const meta: HeadMeta = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: 'Bulkhead' },
    { property: 'og:type', content: picture ? 'product' : 'website' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    ...(picture ? [{ property: 'og:image', content: picture }] : []),
    { name: 'twitter:card', content: picture ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    ...(picture ? [{ name: 'twitter:image', content: picture }] : []),
    ...(noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
  return { meta, links: canonical ? [{ rel: 'canonical', href: canonical }] : [] };
}

/** A schema.org JSON-LD object as a head `script` entry (web/lib/structured-data.ts writes them safe to inline). */
export const jsonLdScripts = (...documents: JsonLd[]) => documents.map((document) => ({ type: 'application/ld+json', children: jsonLdScript(document) }));
