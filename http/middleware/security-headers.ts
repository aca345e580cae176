import type { MiddlewareHandler } from 'hono';
import type { HttpSettings } from '../ports.ts';

const STRIPE_JS = 'https://js.stripe.com';
/** A year, subdomains included: sent only when the site is served over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Header name (lower case) and value. */
export type HeaderPair = readonly [name: string, value: string];

/**
 * A strict CSP the SPA still works under: our own scripts only, plus Stripe.js and its frames for
 * the card form. Inline styles stay allowed because React style props and the toast library set
 * them; inline scripts do not.
 */
const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", STRIPE_JS],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'frame-src': [STRIPE_JS, 'https://hooks.stripe.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy, with extra script sources (a rendered page's inline-script hashes, page-rendering.ts). */
export const contentSecurityPolicy = (extraScriptSources: readonly string[] = []): string =>
  Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${(directive === 'script-src' ? [...sources, ...extraScriptSources] : sources).join(' ')}`)
    .join('; ');

const PERMISSIONS_POLICY = `camera=(), microphone=(), geolocation=(), payment=(self "${STRIPE_JS}")`;

/**
 * The site-wide security headers, worked out once: every response sends the same strings. The
 * same set Hono's secureHeaders middleware sent with our options (security-headers.test.ts holds
 * them equal), without rebuilding it per request. Stripe's card iframe must load, so no
 * cross-origin embedder policy; legacy headers no current browser acts on (IE's download prompt,
 * Flash and PDF policy files, the retired XSS auditor, DNS prefetch hints, Origin-Agent-Cluster)
 * are left out: they protect nobody and cost every request its share of header work. HSTS only
 * when the site is served over HTTPS (PUBLIC_URL).
 */
export const siteHeaderPairs = (settings: Pick<HttpSettings, 'secure'>): readonly HeaderPair[] => [
  ['cross-origin-resource-policy', 'same-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ...(settings.secure ? [['strict-transport-security', HSTS] as const] : []),
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['content-security-policy', contentSecurityPolicy()],
  ['permissions-policy', PERMISSIONS_POLICY],
];

/**
 * Sets the site-wide headers on the response once the handler has made it (replacing any it set),
 * except a Content-Security-Policy the handler built from this one: a rendered page's, which adds
 * only the hashes of its own inline scripts (page-rendering.ts).
 */
export const securityHeaders = (settings: Pick<HttpSettings, 'secure'>): MiddlewareHandler => {
  const pairs = siteHeaderPairs(settings);
  const base = contentSecurityPolicy();
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const own = headers.get('content-security-policy');
    const keepOwn = own !== null && own.length > base.length && sameSourcesAsSite(own, base);
    for (const [name, value] of pairs) if (!(keepOwn && name === 'content-security-policy')) headers.set(name, value);
  };
};

/** Whether `policy` is the site's policy with only extra hash sources in script-src. */
const sameSourcesAsSite = (policy: string, base: string): boolean =>
  policy.replace(/ 'sha256-[A-Za-z0-9+/=]+'/g, '') === base;
