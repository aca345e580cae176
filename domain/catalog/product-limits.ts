/**
 * The bounds of a product's numbers, in a module of their own: the catalogue's rules
 * (manage-catalog.ts, product-terms-rules.ts) import them from here, so neither imports the other
 * just for a constant (a cycle that left one of them undefined at load time).
 */
/** $1,000,000.00 a unit is far beyond any part we sell and keeps totals exact. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_STOCK = 10_000_000;
