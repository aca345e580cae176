import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { CATALOGUE_COLUMNS } from '../catalog/catalogue-csv.ts';
import { importCatalogue } from '../catalog/catalogue-import.ts';
import { createProduct, deleteProduct, updateProduct } from '../catalog/manage-catalog.ts';
import { removeReview } from '../content/manage-reviews.ts';
import { deleteUser, makeAdmin, removeAdmin } from '../identity/manage-users.ts';
import type { User } from '../identity/user.ts';
import { createWorld, type World } from '../testing/world.ts';
import { AUDIT_LIST_SAMPLE } from './audit-log.ts';
import { listAuditLog } from './list-audit-log.ts';

describe('audit log (README.md, "Audit log")', () => {
  let world: World;
  let admin: User;
  beforeEach(async () => {
    world = createWorld(createMemoryStorage().repositories);
    admin = await world.addUser({ role: 'admin', email: 'boss@example.com' });
  });
  const entries = async (request = {}) => {
    const result = await listAuditLog(world.store, admin, request);
    if (!result.ok) throw new Error('expected the log');
    return result.value.items;
  };

  it('records role changes and deletions with the acting admin, newest first; a refused change records nothing', async () => {
    const customer = await world.addUser({ email: 'buyer@example.com' });
    await makeAdmin(world.deps, admin, customer.id);
    world.clock.advance(1_000);
    await makeAdmin(world.deps, admin, customer.id); // already an admin: no change, no entry
    world.clock.advance(1_000);
    await removeAdmin(world.deps, admin, customer.id);
    world.clock.advance(1_000);
    expect(await removeAdmin(world.deps, admin, admin.id)).toMatchObject({ ok: false });
    world.clock.advance(1_000);
    await deleteUser(world.deps, admin, customer.id);
    world.clock.advance(1_000);
    expect(await entries()).toMatchObject([
      { kind: 'user-deleted', subjectId: customer.id, actorId: admin.id, actorEmail: 'boss@example.com', before: { email: 'buyer@example.com' }, after: null },
      { kind: 'user-admin-removed', before: { role: 'admin' }, after: { role: 'customer' } },
      { kind: 'user-made-admin', summary: 'Made buyer@example.com an admin', before: { role: 'customer' }, after: { role: 'admin' } },
    ]);
    expect(JSON.stringify(await entries())).not.toContain('fake-hash');
  });

  it('records product changes with the product before and after', async () => {
    const created = await createProduct(world.deps, admin, { name: 'Hex bolt', description: 'M8', imageUrl: '/images/bolt.webp', priceCents: 100, stock: 500 });
    world.clock.advance(1_000);
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    await updateProduct(world.deps, admin, created.value.id, { priceCents: 90 });
    world.clock.advance(1_000);
    await deleteProduct(world.deps, admin, created.value.id);
    world.clock.advance(1_000);
    expect(await entries()).toMatchObject([
      { kind: 'product-deleted', before: { priceCents: 90 }, after: null },
      { kind: 'product-edited', before: { priceCents: 100 }, after: { priceCents: 90 } },
      { kind: 'product-created', before: null, after: { name: 'Hex bolt', priceCents: 100 } },
    ]);
  });

  it('records a removed review with the review as it was', async () => {
    const review = await world.store.reviews.create({ id: 'r1', userId: null, name: 'Grace', imageUrl: '', country: 'NL', rating: 5, comment: 'Fast', createdAt: world.clock.now() });
    expect(await removeReview(world.deps, admin, review.id)).toEqual({ ok: true, value: null });
    expect(await removeReview(world.deps, admin, review.id)).toMatchObject({ ok: false });
    expect(await entries()).toMatchObject([{ kind: 'review-removed', subjectId: 'r1', summary: 'Removed the review by Grace', before: { comment: 'Fast' }, after: null }]);
  });

  it('records a catalogue import by its counts and first SKUs, so a big import is a small entry', async () => {
    const sku = (n: number) => `PART-${String(n).padStart(5, '0')}`;
    const cells = (n: number, price: string): Record<(typeof CATALOGUE_COLUMNS)[number], string> => ({
      sku: sku(n), name: `Part ${n}`, description: 'Zinc-plated steel', category: '', brand: '', unit: 'piece', price, stock: '1000',
      minOrderQuantity: '100', packSize: '1', tiers: '', specs: '', imageUrl: '/images/part.webp',
    });
    const table = (from: number, to: number, price: string) => ({
      columns: CATALOGUE_COLUMNS,
      rows: Array.from({ length: to - from }, (_, i) => CATALOGUE_COLUMNS.map((column) => cells(from + i, price)[column])),
    });
    expect(await importCatalogue(world.deps, admin, table(0, 30, '1.00'), { dryRun: false })).toMatchObject({ ok: true, value: { created: 30 } });
    world.clock.advance(1_000);
    // The 30 known SKUs change their price, 45 are new.
    expect(await importCatalogue(world.deps, admin, table(0, 75, '2.00'), { dryRun: false })).toMatchObject({ ok: true, value: { created: 45, updated: 30 } });

    const [second, first] = await entries({ kind: 'catalogue-imported' });
    expect(second?.after).toEqual({
      created: { count: 45, first: Array.from({ length: AUDIT_LIST_SAMPLE }, (_, i) => sku(30 + i)), more: 45 - AUDIT_LIST_SAMPLE },
      updated: { count: 30, first: Array.from({ length: AUDIT_LIST_SAMPLE }, (_, i) => sku(i)), more: 30 - AUDIT_LIST_SAMPLE },
    });
    expect(first?.after).toMatchObject({ created: { count: 30, more: 30 - AUDIT_LIST_SAMPLE }, updated: { count: 0, first: [], more: 0 } });
    // The same few hundred bytes at 20,000 rows (sampleOf): 50 such entries stay well under a 64 kB page.
    expect(JSON.stringify(second).length).toBeLessThan(1_000);
  });

  it('narrows by kind and by actor id or e-mail; only admins read it', async () => {
    const other = await world.addUser({ role: 'admin', email: 'second@example.com' });
    const customer = await world.addUser();
    await makeAdmin(world.deps, other, customer.id);
    world.clock.advance(1_000);
    await deleteUser(world.deps, admin, customer.id);
    world.clock.advance(1_000);
    expect((await entries({ actor: 'SECOND@example.com' })).map((entry) => entry.kind)).toEqual(['user-made-admin']);
    expect((await entries({ actor: admin.id })).map((entry) => entry.kind)).toEqual(['user-deleted']);
    expect(await entries({ actor: 'nobody@example.com' })).toEqual([]);
    expect((await entries({ kind: 'user-made-admin' })).map((entry) => entry.actorId)).toEqual([other.id]);
    expect(await listAuditLog(world.store, customer, {})).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
