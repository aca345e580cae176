import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '#domain/identity/password-hasher.ts';

/**
 * scrypt is memory-hard (128·N·r bytes per hash), so guessing passwords on GPUs stays costly.
 * The hash string carries its own parameters and salt (`scrypt$N$r$p$salt$key`, base64url), so
 * the cost can be raised later without breaking existing accounts.
 */
export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** 2^15 · 8 · 128 bytes = 32 MiB and roughly 50–150 ms per hash on a small server. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Hashes asking for more than this are refused instead of exhausting the server's memory. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

const derive = (password: string, salt: Buffer, cost: ScryptCost, keyLength: number): Promise<Buffer> => {
  // Node refuses scrypt above `maxmem` (32 MiB by default), which N=2^15,r=8 just reaches.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
};

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const parse = (hash: string): ParsedHash | null => {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN));
  if (N === undefined || r === undefined || p === undefined) return null;
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { cost: { N, r, p }, salt, key };
};

export const createScryptPasswordHasher = (cost: ScryptCost = DEFAULT_SCRYPT_COST): PasswordHasher => ({
  async hash(password) {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, cost, KEY_LENGTH);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  },

  async verify(password, hash) {
    const parsed = parse(hash);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
    // Constant-time comparison: the time taken says nothing about how many bytes matched.
    return timingSafeEqual(key, parsed.key);
  },
});
