/**
 * A shipped order's tracking number as a link to its carrier's own tracking page (docs/orders.md,
 * "Tracking links"). The carrier is what the admin typed when shipping ("UPS", "Royal Mail",
 * "fedex ground"), so it is recognised by name, any case and spacing; a carrier we do not know, or
 * no carrier, gives null and the number is shown as plain text.
 */

export type KnownCarrier = 'ups' | 'fedex' | 'dhl' | 'usps' | 'dpd' | 'gls' | 'royal-mail';

/** How each carrier is written, compared as lower-case letters only ("Royal Mail" → "royalmail"). */
const NAMES: [KnownCarrier, RegExp][] = [
  ['ups', /^ups/],
  ['fedex', /^(fedex|federalexpress)/],
  ['dhl', /^dhl/],
  ['usps', /^(usps|unitedstatespostalservice|uspostalservice)/],
  ['dpd', /^dpd/],
  ['gls', /^gls/],
  ['royal-mail', /^royalmail/],
];

/** Each carrier's public tracking page with the number in its query or path. */
const PAGES: Record<KnownCarrier, (number: string) => string> = {
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  dhl: (number) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  dpd: (number) => `https://tracking.dpd.de/status/en_US/parcel/${number}`,
  gls: (number) => `https://gls-group.com/track/${number}`,
  'royal-mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
};

/** The carrier a typed name means, or null for one we have no tracking page of. */
export const knownCarrier = (carrier: string | null | undefined): KnownCarrier | null => {
  const letters = (carrier ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (letters === '') return null;
  return NAMES.find(([, pattern]) => pattern.test(letters))?.[0] ?? null;
};

/**
 * The carrier's tracking page for this number, or null (unknown carrier, or no number). Spaces and
 * dashes the admin grouped the number with are dropped; the rest is URL-encoded.
 */
export const trackingUrl = (carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null => {
  const known = knownCarrier(carrier);
  const number = (trackingNumber ?? '').replace(/[\s-]+/g, '');
  if (known === null || number === '') return null;
  return PAGES[known](encodeURIComponent(number));
};
