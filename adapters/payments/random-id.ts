import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Crypto-random base62 text: Stripe-shaped ids (`pi_…`, `…_secret_…`) that nobody can guess. */
export const randomBase62 = (length: number): string => {
  let text = '';
  // randomInt is uniform (it rejects biased draws), unlike `byte % 62`.
  for (let i = 0; i < length; i += 1) text += BASE62[randomInt(BASE62.length)];
  return text;
};

/** `pi_` + 24 characters, and the client secret Stripe derives from it. */
export const newIntentIds = (): { id: string; clientSecret: string } => {
  const id = `pi_${randomBase62(24)}`;
  return { id, clientSecret: `${id}_secret_${randomBase62(24)}` };
};
