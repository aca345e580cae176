import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditNote } from '#domain/audit/audit-log.ts';
import { approvalNeeded } from '#domain/companies/approval.ts';
import type { Company, Membership } from '#domain/companies/company.ts';
import { orderMail } from '#domain/ordering/order-mail.ts';
import type { PlacementApproval } from '#domain/ordering/order-repository.ts';
import type { Order } from '#domain/ordering/order.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * Company orders (docs/companies.md, "Approvals"): the company and approval kept on the order, the
 * member's month summed inside the placing transaction (two orders at once cannot both slip under
 * one limit), a manager's decision as one check-and-set (two at once: one wins), stock back on
 * rejection, waiting orders held like unpaid ones, and the company's list.
 */
export function describeCompanyOrderContract(h: StoreHarness): void {
  const monthStart = h.at(0);
  /** A company with a manager and a buyer (limit `limit`), both real users and members. */
  const arrange = async (limit: number | null = null) => {
    const manager = await h.addUser({ name: 'Mia Manager' });
    const buyer = await h.addUser({ name: 'Bo Buyer' });
    const company: Company = { id: randomUUID(), name: 'Acme', taxId: null, approvalThresholdCents: null, discountPercent: 0, createdAt: h.at(0) };
    const member = (userId: string, role: Membership['role'], monthlyLimitCents: number | null): Membership => ({ companyId: company.id, userId, role, monthlyLimitCents, joinedAt: h.at(0) });
    const created = await h.store.companies.create(company, member(manager.id, 'manager', null));
    if (!created.ok) throw new Error(`arrange: ${created.error}`);
    const added = await h.store.companies.addMember(member(buyer.id, 'buyer', limit));
    if (!added.ok) throw new Error(`arrange: ${added.error}`);
    return { company, manager, buyer, limit };
  };
  /** The approval rule the use case hands the store, for a buyer with this limit. */
  const ruleOf = (companyId: string, limit: number | null, totalCents: number, seen?: number[]): PlacementApproval => ({
    companyId,
    monthStart,
    decide: (spent) => {
      seen?.push(spent);
      return approvalNeeded({ role: 'buyer', monthlyLimitCents: limit }, { approvalThresholdCents: null }, spent, totalCents);
    },
    waitingMail: ['company-order-awaiting-approval'],
  });
  const note = (subjectId: string): AuditNote => ({ actorId: 'manager', actorEmail: 'm@example.com', at: h.at(5_000), kind: 'company-order-approved', subjectId, summary: 'decided', before: null });
  const place = async (order: ReturnType<StoreHarness['newOrder']>, approval?: PlacementApproval): Promise<Order> => {
    const placed = await h.store.orders.placeReservingStock(order, orderMail('placed'), approval);
    if (!placed.ok) throw new Error(`arrange: ${placed.error.code}`);
    return placed.value;
  };
  const mailsAbout = async (id: string) =>
    (await h.store.outbox.claimDue(h.at(10 * 86_400_000), h.at(11 * 86_400_000), 100)).filter((mail) => mail.subjectId === id).map((mail) => mail.kind);

  describe('company orders', () => {
    it('keeps the company on the order; under the limit it is unpaid with no approval record', async () => {
      const { company, buyer } = await arrange(100_000);
      const product = await h.addProduct({ priceCents: 100 });
      const order = h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 });
      const placed = await place(order, ruleOf(company.id, 100_000, order.totalCents));
      expect(placed).toMatchObject({ status: 'unpaid', companyId: company.id, approval: null });
      expect(await h.store.orders.findById(order.id)).toEqual(placed);
      // A member's line keeps the list price beside the one paid.
      const member = h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 200 });
      const discounted = { ...member, lines: member.lines.map((line) => ({ ...line, unitPriceCents: 90, lineTotalCents: 90 * line.quantity })), totalCents: 90 * 200 };
      expect((await place(discounted)).lines[0]).toMatchObject({ unitPriceCents: 90, listUnitPriceCents: 100 });
      expect((await h.store.orders.findById(member.id))?.lines[0]).toMatchObject({ unitPriceCents: 90, listUnitPriceCents: 100 });
      expect(await mailsAbout(order.id)).toEqual(['order-placed']);
    });

    it('past the limit the order waits, its stock reserved, and the managers are told instead of the buyer', async () => {
      const { company, buyer } = await arrange(5_000);
      const product = await h.addProduct({ priceCents: 100, stock: 1_000 });
      const order = h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 });
      const placed = await place(order, ruleOf(company.id, 5_000, order.totalCents));
      expect(placed).toMatchObject({ status: 'awaiting-approval', approval: { reason: 'over-limit', decidedBy: null, decidedAt: null, rejectionReason: null } });
      expect(await h.store.orders.findById(order.id)).toEqual(placed);
      expect(await h.stockOf(product.id)).toBe(900);
      expect(await mailsAbout(order.id)).toEqual(['company-order-awaiting-approval']);
      // Held like an unpaid order: counted for the cap, swept by the expiry clock, deletable.
      expect(await h.store.orders.countUnpaidOf(buyer.id, 5)).toBe(1);
      expect((await h.store.orders.listUnpaidPlacedBefore(h.at(2_000), 10)).map((o) => o.id)).toEqual([order.id]);
      expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(true);
      expect(await h.stockOf(product.id)).toBe(1_000);
    });

    it("sums the member's orders for the company this month that still stand: not rejected, cancelled, earlier, their own or someone else's", async () => {
      const { company, buyer } = await arrange(null);
      const product = await h.addProduct({ priceCents: 100, stock: 100_000 });
      const mine = (quantity: number, ms = 1_000) => h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity, createdAt: h.at(ms) });
      await place(mine(100)); // 10,000
      await place(mine(200)); // 20,000
      await place(mine(400, -1_000)); // last month
      await place(h.newOrder(product, { quantity: 800 })); // someone else
      await place(h.newOrder(product, { userId: buyer.id, quantity: 1_600 })); // their own, not the company's
      const waiting = await place(mine(100), ruleOf(company.id, 1, 10_000)); // waits, then is rejected
      await h.store.orders.decideApproval(waiting.id, { approve: false, by: 'm', at: h.at(2_000), reason: 'no' });
      const seen: number[] = [];
      await place(mine(100), ruleOf(company.id, null, 10_000, seen));
      expect(seen).toEqual([30_000]);
    });

    it('two orders at once, each under the limit alone and over it together: one is unpaid, the other waits', async () => {
      const { company, buyer } = await arrange(15_000);
      const product = await h.addProduct({ priceCents: 100, stock: 10_000 });
      const orders = [0, 1].map(() => h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 }));
      const placed = await Promise.all(orders.map((order) => place(order, ruleOf(company.id, 15_000, order.totalCents))));
      expect(placed.map((order) => order.status).sort()).toEqual(['awaiting-approval', 'unpaid']);
    });

    it('approving makes the order unpaid once: the second decision (or a rejection after it) changes nothing', async () => {
      const { company, buyer, manager } = await arrange(1);
      const product = await h.addProduct({ priceCents: 100, stock: 1_000 });
      const order = await place(h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 }), ruleOf(company.id, 1, 10_000));
      const approved = await h.store.orders.decideApproval(order.id, { approve: true, by: manager.id, at: h.at(3_000) }, note(order.id), ['company-order-approved']);
      expect(approved).toMatchObject({ status: 'unpaid', approval: { reason: 'over-limit', decidedBy: manager.id, decidedAt: h.at(3_000), rejectionReason: null } });
      expect(await h.store.orders.findById(order.id)).toEqual(approved);
      expect(await h.store.orders.decideApproval(order.id, { approve: false, by: manager.id, at: h.at(4_000), reason: 'late' })).toBeNull();
      expect(await h.stockOf(product.id)).toBe(900);
      // Its unpaid clock starts at the approval, not at placing: the sweep leaves it until the TTL from then.
      expect(await h.store.orders.listUnpaidPlacedBefore(h.at(2_000), 10)).toEqual([]);
      expect(await h.store.orders.listUnpaidPlacedBefore(h.at(3_000), 10)).toEqual([]);
      expect((await h.store.orders.listUnpaidPlacedBefore(h.at(3_001), 10)).map((o) => o.id)).toEqual([order.id]);
      expect(await mailsAbout(order.id)).toEqual(['company-order-awaiting-approval', 'company-order-approved']);
      expect((await h.store.audit.list({ kind: 'company-order-approved' }, { limit: 10, cursor: null })).items.map((entry) => entry.subjectId)).toEqual([order.id]);
      // Now payable as any unpaid order.
      expect(await h.store.orders.markPaid(order.id, 'tx-1', h.at(6_000))).toMatchObject({ status: 'pending' });
    });

    it('rejecting returns every unit and keeps the reason; two managers at once: exactly one decides', async () => {
      const { company, buyer } = await arrange(1);
      const product = await h.addProduct({ priceCents: 100, stock: 1_000 });
      const order = await place(h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 300 }), ruleOf(company.id, 1, 30_000));
      const [a, b] = await Promise.all([
        h.store.orders.decideApproval(order.id, { approve: false, by: 'manager-a', at: h.at(3_000), reason: 'Over budget' }),
        h.store.orders.decideApproval(order.id, { approve: true, by: 'manager-b', at: h.at(3_000) }),
      ]);
      expect([a, b].filter((decided) => decided !== null)).toHaveLength(1);
      const now = await h.store.orders.findById(order.id);
      expect(now).toEqual(a ?? b);
      if (now?.status === 'rejected') {
        expect(now.approval).toMatchObject({ decidedBy: 'manager-a', rejectionReason: 'Over budget' });
        expect(await h.stockOf(product.id)).toBe(1_000);
        // Gone from the holding orders.
        expect(await h.store.orders.countUnpaidOf(buyer.id, 5)).toBe(0);
        expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(false);
      } else {
        expect(now?.status).toBe('unpaid');
        expect(await h.stockOf(product.id)).toBe(700);
      }
    });

    it("lists a company's orders newest first, by status and member, never another company's; the admins' list and count by company", async () => {
      const { company, buyer, manager } = await arrange(20_000);
      const other = await arrange(null);
      const product = await h.addProduct({ priceCents: 100, stock: 100_000 });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const order = h.newOrder(product, { userId: i % 2 === 0 ? buyer.id : manager.id, companyId: company.id, quantity: 100, createdAt: h.at(1_000 + i) });
        ids.push((await place(order, i % 2 === 0 ? ruleOf(company.id, 20_000, order.totalCents) : undefined)).id);
      }
      await place(h.newOrder(product, { userId: other.buyer.id, companyId: other.company.id, quantity: 100 }));
      await place(h.newOrder(product, { quantity: 100 }));
      const newestFirst = [...ids].reverse();
      expect((await h.walk((page) => h.store.orders.listByCompany(company.id, {}, page), 2)).flat()).toEqual(newestFirst);
      // The buyer's third order (i = 4) passed 20,000 with the two before it.
      expect((await h.store.orders.listByCompany(company.id, { status: 'awaiting-approval' }, { limit: 10, cursor: null })).items.map((o) => o.id)).toEqual([ids[4]]);
      expect((await h.walk((page) => h.store.orders.listByCompany(company.id, { userId: buyer.id }, page), 1)).flat()).toEqual([ids[4], ids[2], ids[0]]);
      expect((await h.store.orders.listByCompany(company.id, { userId: other.buyer.id }, { limit: 10, cursor: null })).items).toEqual([]);
      expect((await h.store.orders.listAll({ companyId: company.id }, { limit: 10, cursor: null })).items.map((o) => o.id)).toEqual(newestFirst);
      expect(await h.store.orders.count({ companyId: company.id })).toBe(5);
      expect(await h.store.orders.count({ companyId: company.id, status: 'unpaid' })).toBe(4);
    });

    it('an order awaiting approval or rejected is no sale; approved and paid it is', async () => {
      const { company, buyer } = await arrange(1);
      const product = await h.addProduct({ priceCents: 100, stock: 1_000 });
      const waiting = await place(h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 }), ruleOf(company.id, 1, 10_000));
      const rejected = await place(h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 }), ruleOf(company.id, 1, 10_000));
      await h.store.orders.decideApproval(rejected.id, { approve: false, by: 'm', at: h.at(2_000), reason: 'no' });
      const sales = () => h.store.reports.salesPerDay(h.at(0), h.at(86_400_000));
      expect((await sales()).reduce((sum, day) => sum + day.orders, 0)).toBe(0);
      await h.store.orders.decideApproval(waiting.id, { approve: true, by: 'm', at: h.at(2_000) });
      expect((await sales()).reduce((sum, day) => sum + day.orders, 0)).toBe(0);
      await h.store.orders.markPaid(waiting.id, 'tx-1', h.at(3_000));
      expect(await sales()).toEqual([expect.objectContaining({ orders: 1, revenueCents: 10_000 })]);
      expect(await h.store.orders.count({ status: 'awaiting-approval' })).toBe(0);
      expect(await h.store.orders.count({ status: 'rejected' })).toBe(1);
    });

    it('a quote accepted by a member past their limit waits like an order placed', async () => {
      const { company, buyer } = await arrange(1);
      const product = await h.addProduct({ priceCents: 100, stock: 1_000 });
      const order = h.newOrder(product, { userId: buyer.id, companyId: company.id, quantity: 100 });
      const quote = await h.store.quotes.create({
        id: randomUUID(),
        userId: buyer.id,
        email: 'b@example.com',
        customerName: 'Bo Buyer',
        status: 'requested',
        lines: [{ productId: product.id, sku: product.sku, productName: product.name, unit: product.unit, requestedQuantity: 100, quantity: null, unitPriceCents: null }],
        message: 'Need 100',
        answer: null,
        holdsStock: false,
        expiresAt: null,
        orderId: null,
        createdAt: h.at(0),
        answeredAt: null,
        closedAt: null,
      });
      await h.store.quotes.answer(quote.id, { lines: [{ position: 0, quantity: 100, unitPriceCents: 100 }], answer: 'ok', holdStock: false, expiresAt: h.at(86_400_000), answeredAt: h.at(500) });
      const accepted = await h.store.quotes.accept(quote.id, order, undefined, undefined, ruleOf(company.id, 1, order.totalCents));
      expect(accepted).toMatchObject({ ok: true, value: { order: { status: 'awaiting-approval', companyId: company.id, approval: { reason: 'over-limit' } } } });
      expect(await h.store.orders.findById(order.id)).toMatchObject({ status: 'awaiting-approval' });
      expect(await mailsAbout(order.id)).toEqual(['company-order-awaiting-approval']);
    });
  });
}
