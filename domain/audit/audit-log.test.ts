import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { CATALOGUE_COLUMNS } from '../catalog/catalogue-csv.ts';
import { importCatalogue } from '../catalog/catalogue-import.ts';
import { createProduct, deleteProduct, updateProduct } from '../catalog/manage-catalog.ts';
import { createCategory, deleteCategory, updateCategory } from '../catalog/manage-categories.ts';
import { markContactMessage } from '../content/inbox.ts';
import { removeReview } from '../content/manage-reviews.ts';
import { deleteUser, makeAdmin, removeAdmin } from '../identity/manage-users.ts';
import type { User } from '../identity/user.ts';
import { createWorld, type World } from '../testing/world.ts';
import { AUDIT_LIST_SAMPLE } from './audit-log.ts';
import { listAuditLog } from './list-audit-log.ts';

describe('audit log (docs/audit-log.md, "Audit log")', () => {
  let world: World;
  let admin: User;
  beforeEach(async () => {
    world = createWorld(createMemoryStorage().repositories);
    admin = await world.addUser({ role: 'admin', email: 'boss@example.com' });
  });
  const entries = async (request = {}) => {
    const result = await listAuditLog(world.deps, { ...request, viewer: admin });
    if (!result.ok) throw new Error('expected the log');
    return result.value.items;
  };

  it('records role changes and deletions with the acting admin, newest first; a refused change records nothing', async () => {
    const customer = await world.addUser({ email: 'buyer@example.com' });
    await makeAdmin(world.deps, { actor: admin, userId: customer.id });
    world.clock.advance(1_000);
    await makeAdmin(world.deps, { actor: admin, userId: customer.id }); // already an admin: no change, no entry
    world.clock.advance(1_000);
    await removeAdmin(world.deps, { actor: admin, userId: customer.id });
    world.clock.advance(1_000);
    expect(await removeAdmin(world.deps, { actor: admin, userId: admin.id })).toMatchObject({ ok: false });
    world.clock.advance(1_000);
    await deleteUser(world.deps, { actor: admin, userId: customer.id });
    world.clock.advance(1_000);
    expect(await entries()).toMatchObject([
      { kind: 'user-deleted', subjectId: customer.id, actorId: admin.id, actorEmail: 'boss@example.com', before: { email: 'buyer@example.com' }, after: null },
      { kind: 'user-admin-removed', before: { role: 'admin' }, after: { role: 'customer' } },
      { kind: 'user-made-admin', summary: 'Made buyer@example.com an admin', before: { role: 'customer' }, after: { role: 'admin' } },
    ]);
    expect(JSON.stringify(await entries())).not.toContain('fake-hash');
  });

  it('records product changes with the product before and after', async () => {
    const created = await createProduct(world.deps, { actor: admin, product: { name: 'Hex bolt', description: 'M8', imageUrl: '/images/bolt.webp', priceCents: 100, stock: 500 } });
    world.clock.advance(1_000);
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    await updateProduct(world.deps, { actor: admin, id: created.value.id, changes: { priceCents: 90 } });
    world.clock.advance(1_000);
    await deleteProduct(world.deps, { actor: admin, id: created.value.id });
    world.clock.advance(1_000);
    expect(await entries()).toMatchObject([
      { kind: 'product-deleted', before: { priceCents: 90 }, after: null },
      { kind: 'product-edited', before: { priceCents: 100 }, after: { priceCents: 90 } },
      { kind: 'product-created', before: null, after: { name: 'Hex bolt', priceCents: 100 } },
    ]);
  });

  it('records a removed review with the review as it was', async () => {
    const review = await world.store.reviews.create({ id: 'r1', userId: null, name: 'Grace', imageUrl: '', country: 'NL', rating: 5, comment: 'Fast', createdAt: world.clock.now() });
    expect(await removeReview(world.deps, { actor: admin, id: review.id })).toEqual({ ok: true, value: null });
    expect(await removeReview(world.deps, { actor: admin, id: review.id })).toMatchObject({ ok: false });
    expect(await entries()).toMatchObject([{ kind: 'review-removed', subjectId: 'r1', summary: 'Removed the review by Grace', before: { comment: 'Fast' }, after: null }]);
  });

  it('records creating, renaming, moving and deleting a category with the category before and after; a refused change records nothing', async () => {
    const department = await createCategory(world.deps, { actor: admin, category: { name: 'Fasteners' } });
    const other = await createCategory(world.deps, { actor: admin, category: { name: 'Tools' } });
    if (!department.ok || !other.ok) throw new Error('arrange: categories');
    world.clock.advance(1_000);
    const nuts = await createCategory(world.deps, { actor: admin, category: { name: 'Nuts', parentId: department.value.id } });
    if (!nuts.ok) throw new Error('arrange: nuts');
    world.clock.advance(1_000);
    await updateCategory(world.deps, { actor: admin, id: nuts.value.id, changes: { name: 'Hex nuts' } });
    world.clock.advance(1_000);
    await updateCategory(world.deps, { actor: admin, id: nuts.value.id, changes: { parentId: other.value.id } });
    world.clock.advance(1_000);
    expect(await createCategory(world.deps, { actor: admin, category: { name: 'Fasteners' } })).toMatchObject({ ok: false }); // slug taken
    expect(await deleteCategory(world.deps, { actor: admin, id: other.value.id })).toMatchObject({ ok: false }); // not empty
    await deleteCategory(world.deps, { actor: admin, id: nuts.value.id });
    world.clock.advance(1_000);
    expect(await entries({ limit: 4 })).toMatchObject([
      { kind: 'category-deleted', subjectId: nuts.value.id, summary: 'Deleted the category Hex nuts', before: { name: 'Hex nuts', parentId: other.value.id }, after: null },
      { kind: 'category-edited', before: { parentId: department.value.id }, after: { parentId: other.value.id } },
      { kind: 'category-edited', summary: 'Edited the category Nuts', before: { name: 'Nuts' }, after: { name: 'Hex nuts' } },
      { kind: 'category-created', subjectId: nuts.value.id, actorId: admin.id, summary: 'Created the category Nuts', before: null, after: { name: 'Nuts', slug: 'nuts' } },
    ]);
    expect((await entries()).filter((entry) => entry.kind === 'category-created')).toHaveLength(3);
  });

  it('records marking a contact message read and unread; a missing message records nothing', async () => {
    const message = await world.store.inbox.addContactMessage({ id: 'm1', name: 'Lin', email: 'lin@example.com', message: 'Hi', createdAt: world.clock.now(), readAt: null });
    world.clock.advance(1_000);
    const readAt = world.clock.now();
    await markContactMessage(world.deps, { actor: admin, id: message.id, read: true });
    world.clock.advance(1_000);
    await markContactMessage(world.deps, { actor: admin, id: message.id, read: false });
    expect(await markContactMessage(world.deps, { actor: admin, id: 'missing', read: true })).toMatchObject({ ok: false });
    expect(await entries()).toMatchObject([
      { kind: 'contact-message-marked', subjectId: 'm1', summary: 'Marked a contact message unread', before: { readAt: readAt.toISOString() }, after: { readAt: null } },
      { kind: 'contact-message-marked', subjectId: 'm1', summary: 'Marked a contact message read', before: { readAt: null }, after: { readAt: readAt.toISOString() } },
    ]);
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
    expect(await importCatalogue(world.deps, { actor: admin, table: table(0, 30, '1.00'), dryRun: false })).toMatchObject({ ok: true, value: { created: 30 } });
    world.clock.advance(1_000);
    // The 30 known SKUs change their price, 45 are new.
    expect(await importCatalogue(world.deps, { actor: admin, table: table(0, 75, '2.00'), dryRun: false })).toMatchObject({ ok: true, value: { created: 45, updated: 30 } });

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
    await makeAdmin(world.deps, { actor: other, userId: customer.id });
    world.clock.advance(1_000);
    await deleteUser(world.deps, { actor: admin, userId: customer.id });
    world.clock.advance(1_000);
    expect((await entries({ actor: 'SECOND@example.com' })).map((entry) => entry.kind)).toEqual(['user-made-admin']);
    expect((await entries({ actor: admin.id })).map((entry) => entry.kind)).toEqual(['user-deleted']);
    expect(await entries({ actor: 'nobody@example.com' })).toEqual([]);
    expect((await entries({ kind: 'user-made-admin' })).map((entry) => entry.actorId)).toEqual([other.id]);
    expect(await listAuditLog(world.deps, { viewer: customer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
