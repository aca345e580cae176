/**
 * The admin bootstrap when several instances start at once on one empty database: the insert
 * conflict (EMAIL_TAKEN) must end in "the admin exists", never in a failed start.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { Store } from '../store.ts';
import { createWorld } from '../testing/world.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';

const CONFIGURED = { email: 'Boss@Example.com', password: 'admin-password' };

/** A store whose first e-mail lookup answers "nobody": another process inserts right after it. */
const lookupThatMissesOnce = (store: Store): Store => {
  let missed = false;
  return {
    ...store,
    users: {
      ...store.users,
      async findByEmail(email) {
        if (!missed) {
          missed = true;
          return null;
        }
        return store.users.findByEmail(email);
      },
    },
  };
};

describe('bootstrapAdmin under a start-up race', () => {
  it('lets two instances bootstrapping at the same moment both succeed, with one admin between them', async () => {
    const world = createWorld(createMemoryStorage().repositories);
    // Both look the e-mail up before either inserts; one insert then loses to the other.
    const [first, second] = await Promise.all([bootstrapAdmin(world.deps, CONFIGURED), bootstrapAdmin(world.deps, CONFIGURED)]);
    expect(first).toMatchObject({ ok: true, value: { email: 'boss@example.com', role: 'admin' } });
    expect(second).toMatchObject({ ok: true, value: { email: 'boss@example.com', role: 'admin' } });
    if (!first.ok || !second.ok) throw new Error('unreachable');
    expect(second.value.id).toBe(first.value.id);
    expect((await world.store.users.list({ limit: 100 })).items).toHaveLength(1);
  });

  it('on the insert conflict, re-reads the account the other process created and promotes it', async () => {
    const world = createWorld(createMemoryStorage().repositories);
    // The other process's user (a customer who signed up with that address) lands between our
    // lookup and our insert.
    const other = await world.addUser({ email: 'boss@example.com', password: 'their-own' });
    const racing = { ...world.deps, store: lookupThatMissesOnce(world.store) };

    const result = await bootstrapAdmin(racing, CONFIGURED);
    expect(result).toMatchObject({ ok: true, value: { id: other.id, role: 'admin', passwordHash: 'fake-hash:their-own' } });
    expect((await world.store.users.findById(other.id))?.role).toBe('admin');
    expect((await world.store.users.list({ limit: 100 })).items).toHaveLength(1);
  });

  it('still reports EMAIL_TAKEN if the conflicting account cannot be read back', async () => {
    const world = createWorld(createMemoryStorage().repositories);
    await world.addUser({ email: 'boss@example.com' });
    const blind: Store = { ...world.store, users: { ...world.store.users, findByEmail: async () => null } };
    const result = await bootstrapAdmin({ ...world.deps, store: blind }, CONFIGURED);
    expect(result).toMatchObject({ ok: false, error: { code: 'EMAIL_TAKEN' } });
  });

  it('makes the configured admin verified, and takes over an unverified account a stranger made with the address', async () => {
    const world = createWorld(createMemoryStorage().repositories);
    const created = await bootstrapAdmin(world.deps, CONFIGURED);
    expect(created).toMatchObject({ ok: true, value: { role: 'admin', emailVerified: true } });

    // An account that signed up with the address itself and never opened its link.
    const signedUpFirst = createWorld(createMemoryStorage().repositories);
    await signedUpFirst.store.users.create({
      id: 'early-bird',
      email: 'boss@example.com',
      name: 'Early Bird',
      role: 'customer',
      emailVerified: false,
      passwordHash: 'fake-hash:whatever',
      sessionVersion: 1,
      createdAt: signedUpFirst.clock.now(),
    });
    const promoted = await bootstrapAdmin(signedUpFirst.deps, CONFIGURED);
    expect(promoted).toMatchObject({ ok: true, value: { role: 'admin', emailVerified: true } });
    // The stranger's password and session are over; the configured password opens it.
    const taken = await signedUpFirst.store.users.findByEmail('boss@example.com');
    expect(taken).toMatchObject({ role: 'admin', emailVerified: true, passwordHash: `fake-hash:${CONFIGURED.password}` });
    expect(taken!.sessionVersion).toBeGreaterThan(1);
  });
});
