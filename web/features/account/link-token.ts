/**
 * The `token` of an e-mailed link as the router parsed it. The router reads search values as
 * JSON, so a tampered token like `123` arrives as a number: it is still a token (the server
 * refuses it with the catalogue message), not a missing one.
 */
export const linkToken = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value) !== '' ? String(value) : undefined;
