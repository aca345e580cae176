import { formatCents } from '#domain/shared/money.ts';

export { formatCents };

/** Cuts a text for a card, keeping whole characters; cards cut descriptions at 80 and reviews at 120. */
export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

// Spelled out rather than an Intl.DateTimeFormat built at load: creating that formatter took
// 30-90 ms of main thread on the home page's first visit (locale data), for one fixed en-US format.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 22, 2026' (en-US, local time, as Intl's { month: 'short', day: 'numeric', year: 'numeric' }). */
export const formatDate = (iso: string) => {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
};

/**
 * The same, read in UTC: for dates on pages the server renders, whose HTML is the same for every
 * visitor and must hydrate to the same text whatever the visitor's time zone.
 */
export const formatDateUtc = (iso: string) => {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};
