import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { messages } from '../messages.ts';
import { createWorld, fakeHasher, type World } from '../testing/world.ts';
import { signUp, type SignUpInput } from './sign-up.ts';
import { signIn } from './sign-in.ts';

let world: World;
beforeEach(() => {
  world = createWorld(createMemoryStorage().repositories);
});

const valid: SignUpInput = { name: 'Grace Hopper', email: 'Grace@Example.com', password: 'cobol-1959' };
const register = (input: Partial<SignUpInput> = {}) => signUp(world.deps, { ...valid, ...input });

describe('signUp', () => {
  it('creates a customer with a normalised e-mail, a trimmed name and a hashed password', async () => {
    const result = await register({ name: '  Grace Hopper ', email: '  Grace@Example.com ' });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      role: 'customer',
      emailVerified: false,
      sessionVersion: 1,
      createdAt: world.clock.now(),
    });
    expect(result.value.passwordHash).toBe('fake-hash:cobol-1959');
    expect(await world.store.users.findByEmail('grace@example.com')).toMatchObject({ id: result.value.id });
  });

  it('queues the verification mail with the account (docs/email.md, "E-mail"), and none for a refused sign-up or the configured admin', async () => {
    const created = await register();
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    expect((await register({ email: 'GRACE@example.com' })).ok).toBe(false);
    expect((await signUp(world.deps, { ...valid, email: 'admin@example.com', role: 'admin' })).ok).toBe(true);
    const queued = await world.store.outbox.claimDue(world.clock.now(), new Date(world.clock.now().getTime() + 60_000), 10);
    expect(queued.map((mail) => [mail.kind, mail.subjectId, mail.createdAt])).toEqual([['verify-email', created.value.id, world.clock.now()]]);
  });

  it.each<[string, Partial<SignUpInput>, Record<string, string>]>([
    ['name empty', { name: '  ' }, { name: messages.nameRequired }],
    ['name too long', { name: 'n'.repeat(101) }, { name: messages.tooLong(100) }],
    ['e-mail empty', { email: '' }, { email: messages.emailRequired }],
    ['e-mail without @', { email: 'grace.example.com' }, { email: messages.emailInvalid }],
    ['e-mail without a domain ending', { email: 'grace@example' }, { email: messages.emailInvalid }],
    ['e-mail with spaces inside', { email: 'gr ace@example.com' }, { email: messages.emailInvalid }],
    ['password empty', { password: '' }, { password: messages.passwordRequired }],
    ['password of 5 characters', { password: '12345' }, { password: messages.passwordTooShort }],
    ['password over 128 characters', { password: 'p'.repeat(129) }, { password: messages.passwordTooLong }],
  ])('refuses %s with its message and stores nothing', async (_case, input, fields) => {
    const result = await register(input);
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields } });
    expect((await world.store.users.list({ limit: 100 })).items).toEqual([]);
  });

  it('accepts a password of exactly 6 characters', async () => {
    expect((await register({ password: '123456' })).ok).toBe(true);
  });

  it('reports every bad field at once', async () => {
    const result = await register({ name: '', email: 'nope', password: '1' });
    expect(result).toMatchObject({
      error: { fields: { name: messages.nameRequired, email: messages.emailInvalid, password: messages.passwordTooShort } },
    });
  });

  it('refuses an e-mail already taken, whatever its case, with EMAIL_TAKEN', async () => {
    await register();
    const again = await register({ email: 'GRACE@example.COM', name: 'Someone Else' });
    expect(again).toEqual({
      ok: false,
      error: { code: 'EMAIL_TAKEN' },
    });
    expect((await world.store.users.list({ limit: 100 })).items).toHaveLength(1);
  });

  it('never hashes the password of a refused sign-up', async () => {
    const hasher = fakeHasher();
    await signUp({ ...world.deps, hasher }, { ...valid, password: '1' });
    expect(hasher.hashed).toEqual([]);
  });
});

describe('signIn', () => {
  beforeEach(async () => {
    await register();
  });

  it('signs in with the right password, the e-mail in any case', async () => {
    const result = await signIn(world.deps, { email: ' GRACE@example.com ', password: 'cobol-1959' });
    expect(result).toMatchObject({ ok: true, value: { email: 'grace@example.com' } });
  });

  it('gives a wrong password and an unknown e-mail the very same answer', async () => {
    const wrongPassword = await signIn(world.deps, { email: 'grace@example.com', password: 'fortran' });
    const unknownEmail = await signIn(world.deps, { email: 'nobody@example.com', password: 'cobol-1959' });
    const expected = { ok: false, error: { code: 'INVALID_CREDENTIALS' } };
    expect(wrongPassword).toEqual(expected);
    expect(unknownEmail).toEqual(expected);
  });

  it('still runs the hasher for an unknown e-mail (same cost as a wrong password)', async () => {
    let verifications = 0;
    const counting = { ...world.deps.hasher, verify: async (password: string, hash: string) => ((verifications += 1), world.deps.hasher.verify(password, hash)) };
    await signIn({ store: world.store, hasher: counting }, { email: 'nobody@example.com', password: 'x' });
    expect(verifications).toBe(1);
  });

  it('refuses an account without a password (Google-only)', async () => {
    await world.store.users.create({
      id: 'google-user',
      email: 'g@example.com',
      name: 'G',
      role: 'customer',
      emailVerified: true,
      passwordHash: null,
      sessionVersion: 1,
      createdAt: world.clock.now(),
    });
    const anyHash = { hash: async () => 'h', verify: async () => true };
    expect(await signIn({ store: world.store, hasher: anyHash }, { email: 'g@example.com', password: 'whatever' })).toMatchObject({
      error: { code: 'INVALID_CREDENTIALS' },
    });
  });
});
