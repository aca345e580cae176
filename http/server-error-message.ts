/**
 * The server's sentence for a failure it does not explain (a 500). One entry of the catalogue
 * (http/messages.ts), kept alone because every web page that reports a failure falls back on it,
 * and it should not bring the whole catalogue along (docs/storefront.md, "First-load JavaScript").
 */
export const serverError = 'Something went wrong on our side. Please try again.';
