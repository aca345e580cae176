import { formatCents } from '#domain/shared/money.ts';

export { formatCents };

/** Cuts a text for a card, keeping whole characters; the seed cuts descriptions at 80 and reviews at 120. */
export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 22, 2026' */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
