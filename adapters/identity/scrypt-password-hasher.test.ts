import { describe, expect, it } from 'vitest';
import { createScryptPasswordHasher, DEFAULT_SCRYPT_COST } from './scrypt-password-hasher.ts';

// A small cost keeps the suite fast; one test exercises the production default.
const hasher = createScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

describe('scrypt password hasher', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('correct horse');
    expect(await hasher.verify('correct horse', hash)).toBe(true);
    expect(await hasher.verify('correct horsE', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('salts every hash and never contains the password', async () => {
    const first = await hasher.hash('secret-password');
    const second = await hasher.hash('secret-password');
    expect(first).not.toBe(second);
    expect(first).not.toContain('secret-password');
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  it('verifies hashes made with other parameters, read from the hash itself', async () => {
    const stronger = createScryptPasswordHasher({ N: 2 ** 11, r: 8, p: 1 });
    const hash = await stronger.hash('pass-123');
    expect(await hasher.verify('pass-123', hash)).toBe(true);
  });

  it('uses the memory-hard default cost (N=2^15, r=8) without tripping maxmem', async () => {
    const production = createScryptPasswordHasher();
    const hash = await production.hash('pass-123');
    expect(hash.startsWith(`scrypt$${DEFAULT_SCRYPT_COST.N}$8$1$`)).toBe(true);
    expect(await production.verify('pass-123', hash)).toBe(true);
  });

  it('refuses malformed hashes and absurd parameters instead of throwing', async () => {
    const good = await hasher.hash('pass-123');
    const [, , , , salt, key] = good.split('$');
    for (const bad of [
      '',
      'plain-text',
      `bcrypt$1024$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`, // would need gigabytes
      `scrypt$1024$8$1$${salt}$`,
      `scrypt$1024$8$1$$${key}`,
    ]) {
      expect(await hasher.verify('pass-123', bad)).toBe(false);
    }
  });
});
