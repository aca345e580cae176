import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '#domain/identity/user.ts';
import type { StoreHarness } from './store-harness.ts';

/** CompanyPriceRepository: a member's terms in one read, contract prices replaced whole with their audit entry. */
export function describeCompanyPricesContract(h: StoreHarness): void {
  describe('company prices', () => {
    const addCompany = async (manager: User, discountPercent = 0) => {
      const id = randomUUID();
      const created = await h.store.companies.create(
        { id, name: `Company ${id.slice(0, 6)}`, taxId: null, approvalThresholdCents: null, discountPercent, createdAt: h.at(0) },
        { companyId: id, userId: manager.id, role: 'manager', monthlyLimitCents: null, joinedAt: h.at(0) },
      );
      if (!created.ok) throw new Error(`test arrangement failed: ${created.error}`);
      return id;
    };

    it("gives a member their company's discount and contract prices, and a user without a company none", async () => {
      const [ann, bob] = [await h.addUser(), await h.addUser()];
      const bolt = await h.addProduct({ priceCents: 1_000 });
      const companyId = await addCompany(ann, 12);
      expect(await h.store.companyPrices.termsForMember(bob.id)).toBeNull();
      expect(await h.store.companyPrices.termsForMember('nobody')).toBeNull();
      const before = await h.store.companyPrices.termsForMember(ann.id);
      expect(before).toMatchObject({ companyId, discountPercent: 12 });
      expect([...before!.contractPrices]).toEqual([]);

      expect((await h.store.companyPrices.replacePrices(companyId, [{ productId: bolt.id, unitPriceCents: 700 }])).ok).toBe(true);
      const after = await h.store.companyPrices.termsForMember(ann.id);
      expect([...after!.contractPrices]).toEqual([[bolt.id, 700]]);
      expect(after!.pricesVersion).not.toBe(before!.pricesVersion);
      // The discount is read with the membership: a change shows on the next read.
      await h.store.companies.update(companyId, { discountPercent: 20 });
      expect(await h.store.companyPrices.termsForMember(ann.id)).toMatchObject({ discountPercent: 20 });
      expect(await h.store.companyPrices.termsOf(companyId)).toMatchObject({ companyId, discountPercent: 20 });
      expect(await h.store.companyPrices.termsOf('no-such-company')).toBeNull();
    });

    it('replaces the whole list, lists it by SKU with each product as it is now, and records the change', async () => {
      const ann = await h.addUser();
      const companyId = await addCompany(ann);
      const [b, a, c] = [await h.addProduct({ sku: 'PR-B', name: 'Bolt' }), await h.addProduct({ sku: 'PR-A', name: 'Anchor' }), await h.addProduct({ sku: 'PR-C', name: 'Clip' })];
      await h.store.companyPrices.replacePrices(companyId, [{ productId: c.id, unitPriceCents: 5 }]);
      const note = { actorId: 'admin-1', actorEmail: 'admin@example.com', at: h.at(5), kind: 'company-prices-replaced' as const, subjectId: companyId, summary: 'Prices', before: null };
      const saved = await h.store.companyPrices.replacePrices(companyId, [{ productId: b.id, unitPriceCents: 90 }, { productId: a.id, unitPriceCents: 80 }], note);
      const expected = [
        { productId: a.id, sku: 'PR-A', name: 'Anchor', listPriceCents: a.priceCents, unitPriceCents: 80 },
        { productId: b.id, sku: 'PR-B', name: 'Bolt', listPriceCents: b.priceCents, unitPriceCents: 90 },
      ];
      expect(saved).toEqual({ ok: true, value: expected });
      expect(await h.store.companyPrices.prices(companyId)).toEqual(expected);
      const audit = await h.store.audit.list({ kind: 'company-prices-replaced' }, { limit: 10, cursor: null });
      expect(audit.items.map((entry) => entry.subjectId)).toEqual([companyId]);

      await h.store.products.update(a.id, { name: 'Anchor bolt' }, h.at(6));
      await h.store.products.delete(b.id);
      expect((await h.store.companyPrices.prices(companyId)).map((line) => [line.name, line.unitPriceCents])).toEqual([['Anchor bolt', 80]]);
      expect([...(await h.store.companyPrices.termsOf(companyId))!.contractPrices.keys()]).toEqual([a.id]);

      expect((await h.store.companyPrices.replacePrices(companyId, [])).ok).toBe(true);
      expect(await h.store.companyPrices.prices(companyId)).toEqual([]);
    });

    it('changes nothing when a product does not exist, and says which by position; nor for an unknown company', async () => {
      const ann = await h.addUser();
      const companyId = await addCompany(ann);
      const bolt = await h.addProduct();
      await h.store.companyPrices.replacePrices(companyId, [{ productId: bolt.id, unitPriceCents: 50 }]);
      const refused = await h.store.companyPrices.replacePrices(companyId, [
        { productId: bolt.id, unitPriceCents: 40 },
        { productId: 'no-such-product', unitPriceCents: 40 },
      ]);
      expect(refused).toEqual({ ok: false, error: { reason: 'unknown-products', indexes: [1] } });
      expect((await h.store.companyPrices.prices(companyId)).map((line) => line.unitPriceCents)).toEqual([50]);
      expect(await h.store.companyPrices.replacePrices('no-such-company', [])).toEqual({ ok: false, error: { reason: 'company-not-found' } });
    });

    it('keeps each company its own prices', async () => {
      const [ann, bob] = [await h.addUser(), await h.addUser()];
      const [first, second] = [await addCompany(ann), await addCompany(bob)];
      const bolt = await h.addProduct();
      await h.store.companyPrices.replacePrices(first, [{ productId: bolt.id, unitPriceCents: 11 }]);
      await h.store.companyPrices.replacePrices(second, [{ productId: bolt.id, unitPriceCents: 22 }]);
      expect((await h.store.companyPrices.termsForMember(ann.id))!.contractPrices.get(bolt.id)).toBe(11);
      expect((await h.store.companyPrices.termsForMember(bob.id))!.contractPrices.get(bolt.id)).toBe(22);
    });
  });
}
