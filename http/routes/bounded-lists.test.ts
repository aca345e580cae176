import { describe, expect, it } from 'vitest';
import { SUGGESTION_COUNT } from '#domain/catalog/browse-catalog.ts';
import { INVITATION_VALID_DAYS, MAX_COMPANY_ADDRESSES, MAX_CONTRACT_PRICES } from '#domain/companies/company.ts';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

/**
 * No endpoint answers an unbounded list: this walks the routes the app has registered (so a list
 * added later is checked without anyone remembering to), calls every GET under /api on a shop
 * holding several rows of everything, and requires each list to be a `{items, nextCursor}` page
 * that honours `limit`. A bare JSON array, or `items` that ignore `limit=1`, fails.
 */

/** GET routes that answer no JSON list, and why. */
const NOT_LISTS: Record<string, string> = {
  '/api/auth/google': 'a redirect to Google',
  '/api/auth/google/callback': 'a redirect back into the app',
  '/api/orders/:id/invoice.pdf': 'a PDF file (http/routes/order-papers.test.ts)',
  '/api/admin/orders/:id/packing-slip.pdf': 'a PDF file (http/routes/order-papers.test.ts)',
  '/api/orders/:id/refunds/:refundId/credit-note.pdf': 'a PDF file (http/routes/after-sale.test.ts)',
  '/api/orders/:id/after-sale': "one order's refunds and returns, each bounded by what the order holds (http/routes/after-sale.test.ts)",
  '/api/docs': 'the HTML reference page (http/openapi.test.ts)',
  '/api/docs/assets/:file': "the reference page's scripts and styles (http/openapi.test.ts)",
};
/**
 * Answers that are arrays by design, each with what bounds it: the suggestions are a fixed top
 * few; the department tree holds the categories admins make (two levels, dozens, not thousands).
 */
const FIXED_ARRAYS: Record<string, { atMost: number; why: string }> = {
  '/api/products/suggest': { atMost: SUGGESTION_COUNT, why: 'the best few matches' },
  '/api/categories': { atMost: 1_000, why: 'the admin-made department tree' },
  // Each return holds at least one unit the order shipped, and an order ships 100 or more of each line.
  '/api/orders/:id/returns': { atMost: 10_000, why: "one order's returns" },
};
/**
 * `{items}` answers bounded by a rule rather than paged (docs/companies.md): a company has at most
 * 50 sites; its pending invitations are what its managers sent in the last 7 days (each expires
 * then), every attempt counted against a manager's hourly budget (10 an hour by default), and none
 * is sent once members and pending invitations together reach MAX_COMPANY_MEMBERS (checked as each
 * is sent, so the hourly budget stays the bound that holds under races); a company's contract
 * prices are at most 1,000. Its members (at most MAX_COMPANY_MEMBERS) come whole inside the
 * company page, GET /api/company, which is no list.
 */
const BOUNDED_BY_RULE: Record<string, { atMost: number; why: string }> = {
  '/api/company/addresses': { atMost: MAX_COMPANY_ADDRESSES, why: "a company's sites" },
  '/api/company/invitations': { atMost: 10 * 24 * INVITATION_VALID_DAYS, why: "a manager's invitations of the last 7 days" },
  '/api/admin/companies/:id/prices': { atMost: MAX_CONTRACT_PRICES, why: "a company's contract prices" },
};
/** Query strings the routes require. */
const REQUIRED_QUERY: Record<string, string> = {
  '/api/products/suggest': 'q=wrench',
  '/api/products/:id/quantity-advice': 'quantity=100',
};
const ROWS = 3;

const arrange = async () => {
  const context = createTestApp();
  const admin = await signUpAdmin(context);
  const buyer = await context.signUp();
  const products = [];
  for (let i = 0; i < ROWS; i += 1) products.push(await addProduct(context.store, { stock: 100_000 }));
  const orderIds: string[] = [];
  const quoteIds: string[] = [];
  // The buyer manages a company, so their orders are its orders too (docs/companies.md, "Approvals").
  expect((await context.call('POST', '/api/company', { token: buyer.token, body: { name: 'Acme Builders' } })).status).toBe(201);
  for (let i = 0; i < ROWS; i += 1) {
    const placed = await context.call('POST', '/api/orders', {
      token: buyer.token,
      body: { productId: products[0]!.id, quantity: 100, phone: '5550100200', address: 'Dock 4' },
    });
    expect(placed.status).toBe(201);
    orderIds.push(placed.json.id);
    const asked = await context.call('POST', '/api/quotes', { token: buyer.token, body: { lines: [{ productId: products[0]!.id, quantity: 5_000 }], message: `Quote ${i}` } });
    expect(asked.status, asked.text).toBe(201);
    quoteIds.push(asked.json.id);
    // An admin action each time, for the audit log.
    const promoted = await context.call('POST', `/api/admin/users/${(await context.signUp()).user.id}/make-admin`, { token: admin.token });
    expect(promoted.status, promoted.text).toBe(200);
    const steps = [
      context.call('POST', '/api/reviews', { token: buyer.token, body: { country: 'NL', rating: 5, comment: `Good ${i}`, imageUrl: '/demo/reviews/one.svg' } }),
      context.call('POST', '/api/newsletter', { body: { email: `fan${i}@example.com` } }),
      context.call('POST', '/api/contact', { body: { name: 'Dana', email: 'dana@example.com', message: `Question ${i}` } }),
    ];
    for (const step of await Promise.all(steps)) expect(step.status, step.text).toBe(201);
    await context.store.refunds.record({ id: `pi_stray_${i}`, orderId: null, amountCents: 100, currency: 'usd', reason: 'order-gone', createdAt: new Date() });
    // A return for the admins' list, straight in the store (its rules are http/routes/after-sale.test.ts's).
    await context.store.afterSale.requestReturn({
      id: `return-${i}`,
      orderId: placed.json.id,
      userId: buyer.user.id,
      status: 'requested',
      lines: [{ productId: products[0]!.id, quantity: 1, receivedQuantity: null }],
      reason: `Return ${i}`,
      answer: null,
      refundId: null,
      createdAt: new Date(),
      answeredAt: null,
      receivedAt: null,
    });
  }
  // The buyer's company (made above) has a few sites and invitations waiting (docs/companies.md),
  // and other buyers' companies fill the shop admin's list.
  for (let i = 0; i < ROWS; i += 1) {
    const manager = await context.signUp();
    const id = `company-${i}`;
    const at = new Date();
    const made = await context.store.companies.create(
      { id, name: `Builders ${i}`, taxId: null, approvalThresholdCents: null, discountPercent: 0, createdAt: at },
      { companyId: id, userId: manager.user.id, role: 'manager', monthlyLimitCents: null, joinedAt: at },
    );
    expect(made.ok).toBe(true);
  }
  const priced = await context.call('PUT', '/api/admin/companies/company-0/prices', {
    token: admin.token,
    body: { prices: products.slice(0, 2).map((product) => ({ productId: product.id, unitPriceCents: 100 })) },
  });
  expect(priced.status, priced.text).toBe(200);
  for (let i = 0; i < ROWS; i += 1) {
    const site = await context.call('POST', '/api/company/addresses', { token: buyer.token, body: { label: `Site ${i}`, recipient: 'Office', phone: '5550100200', address: `Dock ${i}` } });
    const invited = await context.call('POST', '/api/company/invitations', { token: buyer.token, body: { email: `invitee${i}@example.com`, role: 'buyer' } });
    expect([site.status, invited.status]).toEqual([201, 201]);
  }
  const productId = products[0]!.id;
  const params: Record<string, string> = { '/api/products/:id': productId, '/api/products/:id/quantity-advice': productId, '/api/orders/:id': orderIds[0]!, '/api/orders/:id/returns': orderIds[0]!, '/api/quotes/:id': quoteIds[0]!, '/api/admin/quotes/:id': quoteIds[0]!, '/api/admin/companies/:id': 'company-0', '/api/admin/companies/:id/prices': 'company-0' };
  return { context, admin, buyer, params };
};

describe('every GET list endpoint in the route table is bounded', () => {
  it('answers pages that honour limit, never a whole table', async () => {
    const { context, admin, buyer, params } = await arrange();
    const paths = [...new Set(context.app.routes.filter((route) => route.method === 'GET' && route.path.startsWith('/api/')).map((route) => route.path))];
    expect(paths.length).toBeGreaterThan(10);

    const lists: string[] = [];
    for (const template of paths.filter((path) => !(path in NOT_LISTS))) {
      const filled = template.includes(':') ? template.replace(/:[^/]+/, params[template] ?? 'no-fixture-for-this-route') : template;
      const path = REQUIRED_QUERY[template] ? `${filled}?${REQUIRED_QUERY[template]}` : filled;
      // The buyer sees their own orders, quotes and company; the admin everything else.
      const token = ['/api/orders', '/api/quotes', '/api/company'].some((prefix) => template.startsWith(prefix)) ? buyer.token : admin.token;
      const whole = await context.call('GET', path, { token });
      expect(whole.status, `GET ${path}`).toBe(200);
      if (FIXED_ARRAYS[template]) {
        expect(whole.json.length, `GET ${path}: ${FIXED_ARRAYS[template].why}`).toBeLessThanOrEqual(FIXED_ARRAYS[template].atMost);
        continue;
      }
      expect(Array.isArray(whole.json), `GET ${path} answers a bare array`).toBe(false);
      if (BOUNDED_BY_RULE[template]) {
        expect(whole.json.items.length, `GET ${path}: ${BOUNDED_BY_RULE[template].why}`).toBeGreaterThanOrEqual(2);
        expect(whole.json.items.length, `GET ${path}: ${BOUNDED_BY_RULE[template].why}`).toBeLessThanOrEqual(BOUNDED_BY_RULE[template].atMost);
        continue;
      }
      if (!Array.isArray(whole.json?.items)) continue;
      lists.push(template);
      expect(whole.json.items.length, `GET ${path}`).toBeGreaterThanOrEqual(2);
      const one = await context.call('GET', `${path}?limit=1`, { token });
      expect(one.status, `GET ${path}?limit=1`).toBe(200);
      expect(one.json.items, `GET ${path}?limit=1 ignores the limit`).toHaveLength(1);
      expect(one.json.nextCursor, `GET ${path}?limit=1 hands out no cursor to the rest`).toEqual(expect.any(String));
      expect((await context.call('GET', `${path}?limit=101`, { token })).status, `GET ${path}?limit=101`).toBe(400);
    }
    expect(lists.sort()).toEqual(
      [
        '/api/admin/audit',
        '/api/admin/companies',
        '/api/admin/messages',
        '/api/admin/orders',
        '/api/admin/payments-to-refund',
        '/api/admin/quotes',
        '/api/admin/returns',
        '/api/admin/subscribers',
        '/api/admin/users',
        '/api/company/orders',
        '/api/orders',
        '/api/products',
        '/api/quotes',
        '/api/reviews',
      ].sort(),
    );
  });
});
