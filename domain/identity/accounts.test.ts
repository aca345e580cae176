import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { messages } from '../messages.ts';
import { createWorld, type World } from '../testing/world.ts';
import { authenticate, issueSession, signOut } from './authenticate.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { deleteUser, listUsers, makeAdmin } from './manage-users.ts';
import type { SessionClaims, TokenService } from './token-service.ts';

/** Tokens are signed JWTs in production; here an unsigned envelope is enough to test the rules. */
const fakeTokens = (): TokenService => ({
  async issue(claims) {
    return `token:${JSON.stringify(claims)}`;
  },
  async verify(token) {
    if (!token.startsWith('token:')) return null;
    return JSON.parse(token.slice('token:'.length)) as SessionClaims;
  },
});

let world: World;
let tokens: TokenService;
beforeEach(() => {
  world = createWorld(createMemoryStorage().repositories);
  tokens = fakeTokens();
});

describe('authenticate', () => {
  it('accepts a token of the current session version', async () => {
    const user = await world.addUser();
    const token = await issueSession(tokens, user);
    expect(await authenticate({ store: world.store, tokens }, token)).toMatchObject({ id: user.id });
  });

  it('refuses a token that does not verify', async () => {
    expect(await authenticate({ store: world.store, tokens }, 'forged')).toBeNull();
  });

  it('refuses a token once the session version was bumped (sign-out ends every session)', async () => {
    const user = await world.addUser();
    const token = await issueSession(tokens, user);
    await signOut({ store: world.store }, user);
    expect(await authenticate({ store: world.store, tokens }, token)).toBeNull();
    const fresh = await world.store.users.findById(user.id);
    if (!fresh) throw new Error('setup');
    expect(await authenticate({ store: world.store, tokens }, await issueSession(tokens, fresh))).toMatchObject({ id: user.id });
  });

  it('refuses the token of a deleted user', async () => {
    const user = await world.addUser();
    const token = await issueSession(tokens, user);
    await world.store.users.delete(user.id);
    expect(await authenticate({ store: world.store, tokens }, token)).toBeNull();
  });

  it('ends the sessions issued before a role change; a new one carries the new role', async () => {
    const user = await world.addUser();
    const token = await issueSession(tokens, user);
    const promoted = await world.store.users.setRole(user.id, 'admin');
    expect(await authenticate({ store: world.store, tokens }, token)).toBeNull();
    const fresh = await issueSession(tokens, promoted!);
    expect((await authenticate({ store: world.store, tokens }, fresh))?.role).toBe('admin');
  });
});

describe('bootstrapAdmin', () => {
  it('creates the admin when the e-mail is new', async () => {
    const result = await bootstrapAdmin(world.deps, { email: 'Boss@Example.com', password: 'admin-password' });
    expect(result).toMatchObject({ ok: true, value: { email: 'boss@example.com', role: 'admin', passwordHash: 'fake-hash:admin-password' } });
  });

  it('promotes an existing customer and keeps their password', async () => {
    const customer = await world.addUser({ email: 'boss@example.com', password: 'their-own' });
    const result = await bootstrapAdmin(world.deps, { email: 'BOSS@example.com', password: 'configured' });
    expect(result).toMatchObject({ ok: true, value: { id: customer.id, role: 'admin', passwordHash: 'fake-hash:their-own' } });
    expect((await world.store.users.findById(customer.id))?.role).toBe('admin');
  });

  it('is idempotent: running it at every start changes nothing more', async () => {
    const first = await bootstrapAdmin(world.deps, { email: 'boss@example.com', password: 'admin-password' });
    const second = await bootstrapAdmin(world.deps, { email: 'boss@example.com', password: 'admin-password' });
    expect(second).toEqual(first);
    expect((await world.store.users.list({ limit: 100 })).items).toHaveLength(1);
  });

  it('refuses a configured password that breaks the rules', async () => {
    expect(await bootstrapAdmin(world.deps, { email: 'boss@example.com', password: '123' })).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { password: messages.passwordTooShort } },
    });
  });
});

describe('managing users', () => {
  it('lists users newest first, a page at a time, for admins only', async () => {
    const admin = await world.addUser({ role: 'admin' });
    world.clock.advance(1_000);
    const customer = await world.addUser();
    expect(await listUsers(world.deps, { actor: admin })).toMatchObject({ ok: true, value: { items: [{ id: customer.id }, { id: admin.id }], nextCursor: null } });
    const firstPage = await listUsers(world.deps, { actor: admin, limit: 1 });
    expect(firstPage).toMatchObject({ ok: true, value: { items: [{ id: customer.id }], nextCursor: expect.any(String) } });
    const cursor = firstPage.ok ? firstPage.value.nextCursor : null;
    expect(await listUsers(world.deps, { actor: admin, limit: 1, cursor })).toMatchObject({ ok: true, value: { items: [{ id: admin.id }], nextCursor: null } });
    // Whatever a caller asks for, a page holds 1..100.
    expect(await listUsers(world.deps, { actor: admin, limit: 0 })).toMatchObject({ ok: true, value: { items: [{ id: customer.id }] } });
    expect(await listUsers(world.deps, { actor: customer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('makeAdmin promotes a customer, and doing it again is fine', async () => {
    const admin = await world.addUser({ role: 'admin' });
    const customer = await world.addUser();
    expect(await makeAdmin(world.deps, { actor: admin, userId: customer.id })).toMatchObject({ ok: true, value: { id: customer.id, role: 'admin' } });
    expect(await makeAdmin(world.deps, { actor: admin, userId: customer.id })).toMatchObject({ ok: true, value: { id: customer.id, role: 'admin' } });
  });

  it('makeAdmin is forbidden for customers and changes nothing', async () => {
    const customer = await world.addUser();
    const other = await world.addUser();
    expect(await makeAdmin(world.deps, { actor: customer, userId: other.id })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await makeAdmin(world.deps, { actor: customer, userId: customer.id })).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await world.store.users.findById(other.id))?.role).toBe('customer');
    expect((await world.store.users.findById(customer.id))?.role).toBe('customer');
  });

  it('makeAdmin answers NOT_FOUND for an unknown user', async () => {
    const admin = await world.addUser({ role: 'admin' });
    expect(await makeAdmin(world.deps, { actor: admin, userId: 'ghost' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('deleteUser removes another user', async () => {
    const admin = await world.addUser({ role: 'admin' });
    const customer = await world.addUser();
    expect(await deleteUser(world.deps, { actor: admin, userId: customer.id })).toEqual({ ok: true, value: null });
    expect(await world.store.users.findById(customer.id)).toBeNull();
  });

  it('deleteUser refuses to delete oneself', async () => {
    const admin = await world.addUser({ role: 'admin' });
    expect(await deleteUser(world.deps, { actor: admin, userId: admin.id })).toEqual({
      ok: false,
      error: { code: 'CANNOT_DELETE_SELF' },
    });
    expect(await world.store.users.findById(admin.id)).not.toBeNull();
  });

  it('deleteUser is forbidden for customers and NOT_FOUND for unknown ids', async () => {
    const admin = await world.addUser({ role: 'admin' });
    const customer = await world.addUser();
    expect(await deleteUser(world.deps, { actor: customer, userId: admin.id })).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await world.store.users.findById(admin.id)).not.toBeNull();
    expect(await deleteUser(world.deps, { actor: admin, userId: 'ghost' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
