/**
 * The server's side of the storefront (web/README.md, "Server rendering"): the same routes,
 * components and query options as the browser, rendered to HTML for one URL. Built by Vite's SSR
 * build into dist-server/ and loaded by the server (http/page-rendering.ts); http/ sees only the
 * `createPageRenderer` it exports.
 */
import { renderToString } from 'react-dom/server';
import { createRequestHandler, getSsrStatus, RouterServer, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import type { Manifest } from '@tanstack/react-router';
import { setApiTransport } from './lib/api.ts';
import { createAppRouter } from './router.tsx';

/**
 * The pages rendered on the server, by route id; every other matched route (the signed-in pages,
 * the forms) keeps the SPA shell. A path no route matches is rendered too: the not-found page, 404.
 */
export const SERVER_RENDERED_ROUTES: readonly string[] = ['/', '/allProduct', '/product/$productId', '/blogs', '/myPortfolio', '/info/$page'];

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
export interface ClientManifest {
  [source: string]: { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
}

export interface PageRendererOptions {
  /** Answers an API request in-process (the same app, no network); no cookie is ever added. */
  api: (request: Request) => Promise<Response>;
  /** PUBLIC_URL's origin and path: canonical URLs and link previews point there. */
  siteUrl: string;
  clientManifest: ClientManifest;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Where a redirect points (a URL whose search had choices the page cannot take, cleaned). */
  location?: string;
}

/** A chunk's key and the keys of everything it imports statically. */
const closureOf = (client: ClientManifest, key: string, into = new Set<string>()): Set<string> => {
  if (into.has(key) || !client[key]) return into;
  into.add(key);
  for (const imported of client[key].imports ?? []) closureOf(client, imported, into);
  return into;
};

/** A server-rendered route's component chunk in the manifest: `/info/$page` is routes/info.$page.tsx. */
const componentKeyOf = (routeId: string): string => `routes/${routeId === '/' ? 'index' : routeId.slice(1).replaceAll('/', '.')}.tsx?tsr-split=component`;

/**
 * The router manifest: the client entry's script, stylesheet and the chunks it imports at once,
 * and for each server-rendered route the chunks its component needs beyond those, preloaded
 * with the page so the browser fetches them beside the entry instead of after it has run
 * (docs/storefront.md, "First-load JavaScript").
 */
const routerManifestOf = (client: ClientManifest): Manifest => {
  const entry = client['index.html'];
  if (!entry) throw new Error('the client build manifest has no index.html entry; run npm run build');
  const fileOf = (key: string) => client[key]?.file;
  const imports = (entry.imports ?? []).map(fileOf).filter((file): file is string => Boolean(file));
  const withEntry = closureOf(client, 'index.html');
  const routes: Manifest['routes'] = {
    __root__: {
      css: (entry.css ?? []).map((file) => `/${file}`),
      preloads: imports.map((file) => `/${file}`),
      scripts: [{ attrs: { type: 'module', src: `/${entry.file}` } }],
    },
  };
  for (const routeId of SERVER_RENDERED_ROUTES) {
    const own = [...closureOf(client, componentKeyOf(routeId))].filter((key) => !withEntry.has(key));
    if (own.length > 0) routes[routeId] = { preloads: own.map((key) => `/${client[key]!.file}`) };
  }
  return { routes };
};

/**
 * Renders one URL (path and query) to a whole HTML document, or answers null when its route stays
 * client-rendered. A new router and query client per call; loaders fill the query client through
 * the features' query options, and the filled queries travel in the page.
 */
export function createPageRenderer({ api, siteUrl, clientManifest }: PageRendererOptions) {
  const manifest = routerManifestOf(clientManifest);
  // Every call a loader makes goes to the app itself, as an anonymous visitor.
  setApiTransport((url, init) => api(new Request(url, { method: init.method, headers: init.headers, body: init.body, signal: init.signal })));
  const matcher = createAppRouter({ server: true, siteUrl }).router;

  return async (path: string): Promise<RenderedPage | null> => {
    const url = new URL(path, siteUrl);
    const [, , foundRoute] = matcher.getMatchedRoutes(url.pathname);
    if (foundRoute && !SERVER_RENDERED_ROUTES.includes(foundRoute.id)) return null;

    const request = new Request(url);
    const handle = createRequestHandler({
      request,
      createRouter: () => createAppRouter({ wholeDocument: true, server: true, siteUrl }).router,
      getRouterManifest: () => manifest,
    });
    // The document is handed back as the string it is: wrapped in the Response the handler expects
    // it would be encoded into a stream only to be decoded again here (a catalogue page is ~130 kB).
    let html: string | undefined;
    const response = await handle(async ({ router, responseHeaders }) => {
      // A render error is thrown to the server, which logs it once and answers its own 500 page.
      html = await transformHtmlStringWithRouter(router, renderToString(<RouterServer router={router} />));
      return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
    });
    const location = response.headers.get('Location');
    if (response.status >= 300 && response.status < 400 && location) return { status: response.status, html: '', location };
    return { status: response.status, html: html ?? (await response.text()) };
  };
}
