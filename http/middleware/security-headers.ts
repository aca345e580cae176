import { secureHeaders } from 'hono/secure-headers';
import type { HttpSettings } from '../ports.ts';

const STRIPE_JS = 'https://js.stripe.com';
/** A year, subdomains included: sent only when the site is served over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * A strict CSP the SPA still works under: our own scripts only, plus Stripe.js and its frames for
 * the card form. Inline styles stay allowed because React style props and the toast library set
 * them; inline scripts do not. HSTS only when the site is served over HTTPS (PUBLIC_URL).
 */
export const securityHeaders = (settings: Pick<HttpSettings, 'secure'>) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", STRIPE_JS],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: settings.secure ? HSTS : false,
    // Stripe's card iframe must load, so no cross-origin embedder policy.
    crossOriginEmbedderPolicy: false,
    // Legacy headers no current browser acts on (IE's download prompt, Flash and PDF policy
    // files, the retired XSS auditor, DNS prefetch hints): they protect nobody and cost every
    // request its share of header work.
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self', STRIPE_JS] },
  });
