import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditKind, AuditNote } from '#domain/audit/audit-log.ts';
import type { User } from '#domain/identity/user.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * AuditLogRepository and the admin changes that write it (docs/audit-log.md, "Audit log"): each store
 * method given a note writes one entry with the values before and after in the transaction of the
 * change, and a refused change writes none; the log reads newest first in pages, by actor and kind.
 */
export function describeAuditContract(h: StoreHarness): void {
  describe('audit log', () => {
    const note = (actor: User, kind: AuditKind, subjectId: string, extra: Partial<AuditNote> = {}): AuditNote => ({
      actorId: actor.id,
      actorEmail: actor.email,
      at: h.at(5_000),
      kind,
      subjectId,
      summary: `${kind} ${subjectId}`,
      before: null,
      ...extra,
    });
    const entries = async () => (await h.store.audit.list({}, { limit: 100 })).items;
    const admin = () => h.addUser({ role: 'admin', email: `admin-${randomUUID()}@example.com` });

    it('setRole writes the entry with the role before and after; nothing for a missing user', async () => {
      const actor = await admin();
      const user = await h.addUser();
      await h.store.users.setRole(user.id, 'admin', note(actor, 'user-made-admin', user.id, { before: { role: 'customer' } }));
      expect(await h.store.users.setRole(randomUUID(), 'admin', note(actor, 'user-made-admin', 'ghost'))).toBeNull();
      expect(await entries()).toEqual([
        {
          id: expect.any(String),
          at: h.at(5_000),
          actorId: actor.id,
          actorEmail: actor.email,
          kind: 'user-made-admin',
          subjectId: user.id,
          summary: `user-made-admin ${user.id}`,
          before: { role: 'customer' },
          after: { role: 'admin' },
        },
      ]);
    });

    it('removeAdmin writes the entry; nothing when refused as the last admin or not an admin', async () => {
      const actor = await admin();
      const other = await h.addUser({ role: 'admin' });
      const customer = await h.addUser();
      const keepOne = { otherAdminsAtLeast: 1 };
      expect(await h.store.users.removeAdmin(customer.id, keepOne, note(actor, 'user-admin-removed', customer.id))).toBeNull();
      await h.store.users.removeAdmin(other.id, keepOne, note(actor, 'user-admin-removed', other.id, { before: { role: 'admin' } }));
      expect(await h.store.users.removeAdmin(actor.id, keepOne, note(actor, 'user-admin-removed', actor.id))).toBe('too-few-admins');
      expect(await entries()).toMatchObject([{ kind: 'user-admin-removed', subjectId: other.id, before: { role: 'admin' }, after: { role: 'customer' } }]);
    });

    it('delete (user) writes the entry with the user before; nothing for a missing user', async () => {
      const actor = await admin();
      const user = await h.addUser();
      expect(await h.store.users.delete(user.id, note(actor, 'user-deleted', user.id, { before: { email: user.email } }))).toBe(true);
      expect(await h.store.users.delete(randomUUID(), note(actor, 'user-deleted', 'ghost'))).toBe(false);
      expect(await entries()).toMatchObject([{ kind: 'user-deleted', subjectId: user.id, before: { email: user.email }, after: null }]);
    });

    it('product create and update write the stored product as after; a taken SKU or missing product writes nothing', async () => {
      const actor = await admin();
      const taken = await h.addProduct();
      const id = randomUUID();
      const created = await h.store.products.create(
        { id, name: 'Hex bolt M8', description: 'Zinc', priceCents: 120, stock: 500, imageUrl: '', createdAt: h.at(1_000) },
        note(actor, 'product-created', id, { at: h.at(1_000) }),
      );
      expect(created).toMatchObject({ id });
      const refused = await h.store.products.create(
        { id: randomUUID(), name: 'Copy', description: '', priceCents: 1, stock: 1, imageUrl: '', createdAt: h.at(1_000), sku: taken.sku },
        note(actor, 'product-created', 'copy'),
      );
      expect(refused).toBe('duplicate-sku');
      const before = await h.store.products.findById(id);
      await h.store.products.update(id, { priceCents: 99 }, h.at(2_000), note(actor, 'product-edited', id, { at: h.at(2_000), before }));
      expect(await h.store.products.update(id, { sku: taken.sku }, h.at(3_000), note(actor, 'product-edited', id))).toBe('duplicate-sku');
      expect(await h.store.products.update(randomUUID(), { priceCents: 5 }, h.at(3_000), note(actor, 'product-edited', 'ghost'))).toBeNull();
      const [edited, createdEntry, ...rest] = await entries();
      expect(rest).toEqual([]);
      expect(createdEntry).toMatchObject({ kind: 'product-created', subjectId: id, before: null, after: { id, name: 'Hex bolt M8', priceCents: 120, createdAt: h.at(1_000).toISOString() } });
      expect(edited).toMatchObject({ kind: 'product-edited', subjectId: id, before: { priceCents: 120 }, after: { priceCents: 99, updatedAt: h.at(2_000).toISOString() } });
    });

    it('delete (product) writes the entry with the product before; nothing for a missing product', async () => {
      const actor = await admin();
      const product = await h.addProduct();
      expect(await h.store.products.delete(product.id, note(actor, 'product-deleted', product.id, { before: { name: product.name } }))).toBe(true);
      expect(await h.store.products.delete(product.id, note(actor, 'product-deleted', product.id))).toBe(false);
      expect(await entries()).toMatchObject([{ kind: 'product-deleted', subjectId: product.id, before: { name: product.name }, after: null }]);
    });

    it('markShipped writes the entry; nothing when the order is not pending', async () => {
      const actor = await admin();
      const product = await h.addProduct({ stock: 1_000 });
      const unpaid = await h.placeOk(h.newOrder(product));
      const paid = await h.placeOk(h.newOrder(product));
      await h.store.orders.markPaid(paid.id, 'pi_1', h.at(2_000));
      const shipping = { carrier: 'UPS', trackingNumber: '1Z' };
      expect(await h.store.orders.markShipped(unpaid.id, h.at(3_000), shipping, note(actor, 'order-shipped', unpaid.id))).toBeNull();
      await h.store.orders.markShipped(paid.id, h.at(3_000), shipping, note(actor, 'order-shipped', paid.id, { before: { status: 'pending' }, after: { status: 'shipped', ...shipping } }));
      expect(await h.store.orders.markShipped(paid.id, h.at(4_000), shipping, note(actor, 'order-shipped', paid.id))).toBeNull();
      expect(await entries()).toMatchObject([{ kind: 'order-shipped', subjectId: paid.id, before: { status: 'pending' }, after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z' } }]);
    });

    it('deleteUnpaidReturningStock writes the entry with the order before; nothing when it is no longer unpaid', async () => {
      const actor = await admin();
      const product = await h.addProduct({ stock: 1_000 });
      const unpaid = await h.placeOk(h.newOrder(product));
      const paid = await h.placeOk(h.newOrder(product));
      await h.store.orders.markPaid(paid.id, 'pi_1', h.at(2_000));
      expect(await h.store.orders.deleteUnpaidReturningStock(paid.id, note(actor, 'order-deleted', paid.id))).toBe(false);
      expect(await h.store.orders.deleteUnpaidReturningStock(unpaid.id, note(actor, 'order-deleted', unpaid.id, { before: { number: unpaid.number }, after: null }))).toBe(true);
      expect(await h.store.orders.deleteUnpaidReturningStock(unpaid.id, note(actor, 'order-deleted', unpaid.id))).toBe(false);
      expect(await entries()).toMatchObject([{ kind: 'order-deleted', subjectId: unpaid.id, before: { number: unpaid.number }, after: null }]);
    });

    it('delete (review) writes the entry with the removed review before; nothing for a missing review', async () => {
      const actor = await admin();
      const review = await h.store.reviews.create(h.newReview({ name: 'Grace', comment: 'Fast delivery' }));
      expect(await h.store.reviews.delete(review.id, note(actor, 'review-removed', review.id))).toBe(true);
      expect(await h.store.reviews.delete(review.id, note(actor, 'review-removed', review.id))).toBe(false);
      expect(await entries()).toMatchObject([
        { kind: 'review-removed', subjectId: review.id, summary: 'Removed the review by Grace', before: { id: review.id, comment: 'Fast delivery' }, after: null },
      ]);
    });

    it('quotes.answer writes the entry; nothing when a hold falls short or the quote is no longer open', async () => {
      const actor = await admin();
      const product = await h.addProduct({ stock: 250 });
      const quote = await h.store.quotes.create({
        id: randomUUID(),
        userId: 'buyer-1',
        email: 'buyer@example.com',
        customerName: 'Ada Buyer',
        status: 'requested',
        lines: [{ productId: product.id, sku: product.sku, productName: product.name, unit: product.unit, requestedQuantity: 300, quantity: null, unitPriceCents: null }],
        message: 'Need 300',
        answer: null,
        holdsStock: false,
        expiresAt: null,
        orderId: null,
        createdAt: h.at(1_000),
        answeredAt: null,
        closedAt: null,
      });
      const offer = (quantity: number) => ({ lines: [{ position: 0, quantity, unitPriceCents: 900 }], answer: 'Best price', expiresAt: h.at(10_000), holdStock: true, answeredAt: h.at(2_000) });
      const answerNote = (quantity: number) => note(actor, 'quote-answered', quote.id, { before: { status: 'requested' }, after: { status: 'quoted', quantity } });
      expect(await h.store.quotes.answer(quote.id, offer(300), answerNote(300))).toMatchObject({ ok: false, error: { code: 'insufficient-stock' } });
      expect(await h.store.quotes.answer(quote.id, offer(200), answerNote(200))).toMatchObject({ ok: true });
      expect(await h.store.quotes.answer(quote.id, offer(100), answerNote(100))).toMatchObject({ ok: false, error: { code: 'not-open' } });
      expect(await entries()).toMatchObject([{ kind: 'quote-answered', subjectId: quote.id, before: { status: 'requested' }, after: { status: 'quoted', quantity: 200 } }]);
    });

    it('importAll writes one entry for the whole import; nothing when a SKU is taken', async () => {
      const actor = await admin();
      const taken = await h.addProduct();
      const record = (sku: string) => ({ id: randomUUID(), name: `Nut ${sku}`, description: '', priceCents: 10, stock: 100, imageUrl: '', createdAt: h.at(1_000), sku });
      const importNote = note(actor, 'catalogue-imported', 'catalogue', { after: { created: ['NUT-1'] } });
      expect(await h.store.products.importAll({ creates: [record(taken.sku)], updates: [] }, h.at(1_000), importNote)).toBe('duplicate-sku');
      expect(await h.store.products.importAll({ creates: [record('NUT-1')], updates: [{ id: taken.id, changes: { priceCents: 5 } }] }, h.at(1_000), importNote)).toBe('ok');
      expect(await entries()).toMatchObject([{ kind: 'catalogue-imported', subjectId: 'catalogue', after: { created: ['NUT-1'] } }]);
    });

    it('lists newest first in pages (ties by id), narrowed by actor and by kind', async () => {
      const [ada, bob] = [await admin(), await admin()];
      const users = await Promise.all([h.addUser(), h.addUser(), h.addUser(), h.addUser()]);
      const [u0, u1, u2, u3] = users as [User, User, User, User];
      await h.store.users.setRole(u0.id, 'admin', note(ada, 'user-made-admin', u0.id, { at: h.at(1_000) }));
      await h.store.users.setRole(u1.id, 'admin', note(bob, 'user-made-admin', u1.id, { at: h.at(2_000) }));
      await h.store.users.delete(u2.id, note(ada, 'user-deleted', u2.id, { at: h.at(2_000) }));
      await h.store.users.delete(u3.id, note(bob, 'user-deleted', u3.id, { at: h.at(3_000) }));
      const all = await entries();
      expect(all.map((entry) => entry.subjectId).slice(0, 1)).toEqual([u3.id]);
      expect(all.map((entry) => entry.subjectId).at(-1)).toBe(u0.id);
      const ids = all.map((entry) => entry.id);
      expect(await h.walk((page) => h.store.audit.list({}, page), 3)).toEqual([ids.slice(0, 3), ids.slice(3)]);
      expect(await h.walk((page) => h.store.audit.list({}, page), 1)).toEqual(ids.map((id) => [id]));
      expect((await h.store.audit.list({ actorId: ada.id }, { limit: 10 })).items.map((entry) => entry.subjectId)).toEqual([u2.id, u0.id]);
      expect((await h.store.audit.list({ kind: 'user-deleted' }, { limit: 10 })).items.map((entry) => entry.subjectId)).toEqual([u3.id, u2.id]);
      const both = await h.walk((page) => h.store.audit.list({ actorId: bob.id, kind: 'user-made-admin' }, page), 1);
      expect(both).toEqual([[all.find((entry) => entry.subjectId === u1.id)!.id]]);
      expect((await h.store.audit.list({}, { limit: 10, cursor: '%%not-a-cursor%%' })).items).toEqual(all);
    });
  });
}
