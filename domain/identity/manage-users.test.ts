import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld, type World } from '../testing/world.ts';
import { makeAdmin, MIN_ADMINS, removeAdmin } from './manage-users.ts';
import type { User } from './user.ts';

describe('removeAdmin: the shop keeps an admin (docs/security.md, "Security")', () => {
  let world: World;
  let boss: User;
  beforeEach(async () => {
    world = createWorld(createMemoryStorage().repositories);
    boss = await world.addUser({ role: 'admin', email: 'boss@example.com' });
  });
  const adminRemovals = async () => (await world.store.audit.list({ kind: 'user-admin-removed' }, { limit: 100 })).items;
  const adminsNow = async (...users: User[]) => (await Promise.all(users.map((user) => world.store.users.findById(user.id)))).filter((user) => user?.role === 'admin');

  it('asks the store to remove the role only while MIN_ADMINS other admins remain: the rule is the domain’s', async () => {
    const helper = await world.addUser({ role: 'admin' });
    const removal = vi.spyOn(world.store.users, 'removeAdmin');
    expect(await removeAdmin(world.deps, { actor: boss, userId: helper.id })).toMatchObject({ ok: true, value: { role: 'customer' } });
    expect(MIN_ADMINS).toBe(1);
    expect(removal).toHaveBeenCalledWith(helper.id, { otherAdminsAtLeast: MIN_ADMINS }, expect.objectContaining({ kind: 'user-admin-removed' }));
  });

  it('refuses to remove the last admin with LAST_ADMIN, and changes nothing: role, sessions, audit log', async () => {
    // The helper's view of itself was read before the boss demoted it (a request in flight):
    // it still acts as an admin, and the boss is now the only one.
    const helper = await world.addUser({ role: 'admin', email: 'helper@example.com' });
    expect((await removeAdmin(world.deps, { actor: boss, userId: helper.id })).ok).toBe(true);
    const before = await world.store.users.findById(boss.id);
    expect(await removeAdmin(world.deps, { actor: helper, userId: boss.id })).toEqual({ ok: false, error: { code: 'LAST_ADMIN' } });
    expect(await world.store.users.findById(boss.id)).toEqual(before);
    expect((await adminRemovals()).map((entry) => entry.subjectId)).toEqual([helper.id]);
  });

  it('leaves one admin when two admins remove each other at the same moment; the other is told LAST_ADMIN', async () => {
    const other = await world.addUser({ role: 'admin', email: 'other@example.com' });
    const results = await Promise.all([removeAdmin(world.deps, { actor: boss, userId: other.id }), removeAdmin(world.deps, { actor: other, userId: boss.id })]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: { code: 'LAST_ADMIN' } }]);
    const kept = await adminsNow(boss, other);
    expect(kept).toHaveLength(1);
    // The admin kept is as it was (its sessions go on); one removal, one audit entry.
    expect(kept[0]).toEqual([boss, other].find((user) => user.id === kept[0]!.id));
    expect(await adminRemovals()).toHaveLength(1);
  });

  it('removes an admin while another remains, and promotes again', async () => {
    const helper = await world.addUser({ role: 'customer' });
    expect((await makeAdmin(world.deps, { actor: boss, userId: helper.id })).ok).toBe(true);
    expect(await removeAdmin(world.deps, { actor: boss, userId: helper.id })).toMatchObject({ ok: true, value: { id: helper.id, role: 'customer' } });
    expect(await adminsNow(boss, helper)).toEqual([await world.store.users.findById(boss.id)]);
  });
});
