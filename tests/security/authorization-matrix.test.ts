/**
 * Who may call what: one row per route the app registers (http/README.md plus the offline payment
 * provider, the Stripe webhook and /uploads), and for each the status every kind of caller gets.
 * The last test fails when a route is added without a row here.
 *
 * "customer" owns the data a row acts on (their order, their review); "other" is a second customer.
 * deleted/expired/forged/algNone carry a token that must count for nothing: a deleted user's, one
 * past its expiry, one signed with another key, and an unsigned `alg: none` one. Each call arranges
 * what it needs afresh, so one caller's success cannot hide or cause another's result.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import { RESET_PASSWORD_TTL_SECONDS, VERIFY_EMAIL_TTL_SECONDS, type LinkPurpose } from '#domain/identity/link-token-service.ts';
import { signUpAdmin } from '#http/test-support.ts';
import {
  ACTORS,
  arrangeActors,
  BAD_TOKEN_ACTORS,
  openSecurityApp,
  paidOrder,
  placeOrder,
  pngForm,
  registeredRoutes,
  signSession,
  stockedProduct,
  validOrder,
  type Actor,
  type Cast,
  type SecurityApp,
} from './harness.ts';

const STRIPE = { secretKey: 'sk_test_security_suite', publishableKey: 'pk_test_security_suite', webhookSecret: 'whsec_security_suite' };

interface Arranged {
  app: SecurityApp;
  /** The same app on Stripe: the only one with the webhook route. */
  stripeApp: SecurityApp;
  cast: Cast;
}

type Expected = Record<Actor, number>;
type Call = (a: Arranged, actor: Actor, token: string | undefined) => Promise<{ status: number }>;

// ---- who may call: the expected statuses, spelled out per kind of endpoint

const withBadTokensAs = (status: number) => Object.fromEntries(BAD_TOKEN_ACTORS.map((actor) => [actor, status]));
/** Open to all: a bad token is ignored, exactly like no token. */
const anyone = (ok: number): Expected => ({ anonymous: ok, customer: ok, other: ok, admin: ok, ...withBadTokensAs(ok) }) as Expected;
/** Any signed-in user; no or a bad token is 401. */
const signedIn = (ok: number, admin = ok): Expected => ({ anonymous: 401, customer: ok, other: ok, admin, ...withBadTokensAs(401) }) as Expected;
/** Admins only: customers are 403. */
const adminOnly = (ok: number): Expected => ({ anonymous: 401, customer: 403, other: 403, admin: ok, ...withBadTokensAs(401) }) as Expected;
/** The owner's data: another customer gets 404, as if it did not exist, so ids cannot be probed. */
const ownerOr = (ok: number, admin: number): Expected => ({ anonymous: 401, customer: ok, other: 404, admin, ...withBadTokensAs(401) }) as Expected;

/** A token of the caller's kind that may be spent (signed out, say) without touching the shared cast. */
const disposableToken = async (a: Arranged, actor: Actor) => {
  if (actor === 'customer' || actor === 'other') return (await a.app.signUp()).token;
  if (actor === 'admin') return (await signUpAdmin(a.app)).token;
  return a.cast.tokens[actor];
};

/** An e-mailed link's token for a new user, as the e-mail would carry it. */
const linkTokenForNewUser = async (a: Arranged, purpose: LinkPurpose) => {
  const { user } = await a.app.signUp();
  const { sessionVersion } = (await a.app.store.users.findById(user.id))!;
  const ttl = purpose === 'verify-email' ? VERIFY_EMAIL_TTL_SECONDS : RESET_PASSWORD_TTL_SECONDS;
  return a.app.ports.links.issue({ purpose, userId: user.id, version: sessionVersion }, ttl);
};

/** A fresh company whose manager is a fresh customer (the cast's customer keeps buying at list prices). */
const customersCompany = async (a: Arranged) => {
  const manager = await a.app.signUp();
  const id = crypto.randomUUID();
  const now = new Date();
  const created = await a.app.store.companies.create(
    { id, name: 'Matrix Builders', taxId: null, approvalThresholdCents: null, discountPercent: 0, createdAt: now },
    { companyId: id, userId: manager.user.id, role: 'manager', monthlyLimitCents: null, joinedAt: now },
  );
  if (!created.ok) throw new Error(`could not arrange a company: ${created.error}`);
  return id;
};

/** A request for quote of the customer's, for a fresh product (docs/orders.md, "Requests for quote"). */
const askedQuote = async (a: Arranged) => {
  const product = await stockedProduct(a.app);
  const asked = await a.app.call('POST', '/api/quotes', { token: a.cast.tokens.customer, body: { lines: [{ productId: product.id, quantity: 100 }], message: 'Best price?' } });
  if (asked.status !== 201) throw new Error(`could not ask for a quote: ${asked.status} ${asked.text}`);
  return asked.json as { id: string; lines: { productId: string }[] };
};
/** The same, answered by an admin and holding its stock. */
const answeredQuote = async (a: Arranged) => {
  const quote = await askedQuote(a);
  const answered = await a.app.call('POST', `/api/admin/quotes/${quote.id}/answer`, {
    token: a.cast.tokens.admin,
    body: { lines: [{ productId: quote.lines[0]!.productId, quantity: 100, unitPriceCents: 900 }], expiresInDays: 7, holdStock: true },
  });
  if (answered.status !== 200) throw new Error(`could not answer a quote: ${answered.status} ${answered.text}`);
  return quote;
};

/** The customer's paid order, shipped by an admin: returns may be asked of it (docs/orders.md, "After the sale: cancel, refund, return"). */
const shippedOrder = async (a: Arranged) => {
  const order = await paidOrder(a.app, a.cast.tokens.customer!);
  await a.app.call('POST', `/api/admin/orders/${order.id}/ship`, { token: a.cast.tokens.admin });
  const read = await a.app.call('GET', `/api/orders/${order.id}`, { token: a.cast.tokens.customer });
  return { id: order.id, productId: read.json.lines[0].productId as string };
};
/** A return the customer asked for, `approved` by an admin when asked. */
const askedReturn = async (a: Arranged, approved = false) => {
  const order = await shippedOrder(a);
  const asked = await a.app.call('POST', `/api/orders/${order.id}/returns`, { token: a.cast.tokens.customer, body: { lines: [{ productId: order.productId, quantity: 10 }], reason: 'Wrong size' } });
  if (asked.status !== 201) throw new Error(`could not ask for a return: ${asked.status} ${asked.text}`);
  if (approved) await a.app.call('POST', `/api/admin/returns/${asked.json.id}/approve`, { token: a.cast.tokens.admin, body: {} });
  return { ...order, returnId: asked.json.id as string };
};

const profile = {
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
  phone: '5550100',
  education: 'Marine engineering',
  linkedin: 'https://www.linkedin.com/in/someone',
  facebook: 'https://facebook.com/someone',
  address: '1 Harbour Road',
};
const review = { country: 'Norway', rating: 5, comment: 'Good', imageUrl: profile.imageUrl };
const product = { name: 'Valve', description: 'DN50', imageUrl: profile.imageUrl, priceCents: 100, stock: 1 };

/** A department straight in the store, for the category routes to act on. */
const freshCategory = async (a: Arranged) => {
  const suffix = crypto.randomUUID().slice(0, 8);
  const category = await a.app.store.categories.create({ id: crypto.randomUUID(), name: `Dept ${suffix}`, slug: `dept-${suffix}`, parentId: null, createdAt: new Date() });
  if (category === 'duplicate-slug') throw new Error('arrange: slug taken');
  return category;
};

const uploadedFile = async (a: Arranged) => {
  const uploaded = await a.app.call('POST', '/api/uploads', { token: a.cast.tokens.customer, form: pngForm() });
  return uploaded.json.url as string;
};

const stripeEvent = () =>
  JSON.stringify({ id: `evt_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });


// ---- companies (docs/companies.md): the customer manages company A, the other customer company B

/** A member's own company, whatever the row: "customer" manages A, "other" B; admins belong to none. */
const companyMember = (ok: number): Expected => ({ anonymous: 401, customer: ok, other: ok, admin: 404, ...withBadTokensAs(401) }) as Expected;
/** Company A's member, invitation or site: another company's manager is told it does not exist, like an admin (who has no company). */
const companyAOnly = (ok: number): Expected => ({ anonymous: 401, customer: ok, other: 404, admin: 404, ...withBadTokensAs(401) }) as Expected;

/** Makes sure the customer manages company A and the other customer company B (once: a user belongs to one company); A's id. */
const companies = async (a: Arranged): Promise<string> => {
  const ids: string[] = [];
  for (const actor of ['customer', 'other'] as const) {
    const token = a.cast.tokens[actor]!;
    const read = await a.app.call('GET', '/api/company', { token });
    if (read.status === 200) {
      ids.push(read.json.company.id as string);
      continue;
    }
    const created = await a.app.call('POST', '/api/company', { token, body: { name: `Company of ${actor}` } });
    if (created.status !== 201) throw new Error(`could not create a company: ${created.status} ${created.text}`);
    ids.push(created.json.company.id as string);
  }
  return ids[0]!;
};
/** An invitation of company A to `email`, straight in the store, and its join link's token. */
const companyInvitation = async (a: Arranged, email = `invited-${crypto.randomUUID()}@example.com`) => {
  const companyId = await companies(a);
  const id = crypto.randomUUID();
  const now = new Date();
  const token = a.app.ports.links.invitationToken(id);
  await a.app.store.companies.createInvitation(
    { id, companyId, email, role: 'buyer', monthlyLimitCents: null, invitedBy: a.cast.customer.user.id, createdAt: now, expiresAt: new Date(now.getTime() + 7 * 86_400_000), acceptedAt: null },
    a.app.ports.links.hashToken(token),
  );
  return { id, token };
};
/** A new buyer of company A. */
const companyBuyer = async (a: Arranged) => {
  const companyId = await companies(a);
  const buyer = await a.app.signUp({ name: 'Company buyer' });
  await a.app.store.companies.addMember({ companyId, userId: buyer.user.id, role: 'buyer', monthlyLimitCents: null, joinedAt: new Date() });
  return buyer;
};
const site = { label: 'North yard', recipient: 'Site office', phone: '5550100200', address: '1 Harbour Road' };
/** A site of company A, straight in the store. */
const companySite = async (a: Arranged) => {
  const companyId = await companies(a);
  const added = await a.app.store.companies.addAddress({ id: crypto.randomUUID(), companyId, ...site, createdAt: new Date() });
  if (!added.ok) throw new Error(`could not add a site: ${added.error}`);
  return added.value;
};
/** A fresh caller of the actor's kind with no company yet, invited to company A: who may accept. */
const invitedCaller = async (a: Arranged, actor: Actor) => {
  if (actor !== 'customer' && actor !== 'other' && actor !== 'admin') return { token: a.cast.tokens[actor], invitation: await companyInvitation(a) };
  const caller = actor === 'admin' ? await signUpAdmin(a.app) : await a.app.signUp();
  return { token: caller.token, invitation: await companyInvitation(a, caller.email) };
};
/**
 * An order of a buyer in the customer's company waiting for approval (docs/companies.md,
 * "Approvals"): the customer manages the company (made once), the buyer is a fresh user added
 * straight in the store with a limit of 0. `other` manages company B; the admin belongs to none.
 */
const waitingCompanyOrder = async (a: Arranged) => {
  await companies(a);
  const membership = await a.app.store.companies.membershipOf(a.cast.customer.user.id);
  if (!membership) throw new Error('arrange: the customer has no company');
  const buyer = await a.app.signUp();
  const added = await a.app.store.companies.addMember({ companyId: membership.companyId, userId: buyer.user.id, role: 'buyer', monthlyLimitCents: 0, joinedAt: new Date() });
  if (!added.ok) throw new Error(`arrange: ${added.error}`);
  const order = await a.app.call('POST', '/api/orders', { token: buyer.token, body: validOrder((await stockedProduct(a.app)).id) });
  if (order.json?.status !== 'awaiting-approval') throw new Error(`arrange: the order does not wait: ${order.status} ${order.text}`);
  return order.json as { id: string };
};

/** [route as Hono registers it, who gets what, the call]. */
const MATRIX: [route: string, expected: Expected, call: Call][] = [
  ['GET /api/health', anyone(200), (a, _, token) => a.app.call('GET', '/api/health', { token })],
  ['GET /api/health/live', anyone(200), (a, _, token) => a.app.call('GET', '/api/health/live', { token })],
  // The API described (docs/api.md, "The API described"): public, like the catalogue.
  ['GET /api/openapi.json', anyone(200), (a, _, token) => a.app.call('GET', '/api/openapi.json', { token })],
  ['GET /api/docs', anyone(200), (a, _, token) => a.app.call('GET', '/api/docs', { token })],
  ['GET /api/docs/assets/:file', anyone(200), (a, _, token) => a.app.call('GET', '/api/docs/assets/start.js', { token })],
  // Google's redirect for everyone; a callback without the attempt cookie goes back to the login page.
  ['GET /api/auth/google/status', anyone(200), (a, _, token) => a.app.call('GET', '/api/auth/google/status', { token })],
  ['GET /api/auth/google', anyone(302), (a, _, token) => a.app.call('GET', '/api/auth/google?returnTo=/orders', { token })],
  ['GET /api/auth/google/callback', anyone(302), (a, _, token) => a.app.call('GET', '/api/auth/google/callback?code=c&state=s', { token })],
  ['POST /api/auth/sign-up', anyone(201), (a, _, token) =>
    a.app.call('POST', '/api/auth/sign-up', { token, body: { name: 'New', email: `new-${crypto.randomUUID()}@example.com`, password: 'password-1' } })],
  ['POST /api/auth/sign-in', anyone(200), (a, _, token) =>
    a.app.call('POST', '/api/auth/sign-in', { token, body: { email: a.cast.other.email, password: a.cast.other.password } })],
  ['POST /api/auth/sign-out', signedIn(204), async (a, actor) =>
    a.app.call('POST', '/api/auth/sign-out', { token: await disposableToken(a, actor) })],
  ['POST /api/auth/verify-email', anyone(204), async (a, _, token) =>
    a.app.call('POST', '/api/auth/verify-email', { token, body: { token: await linkTokenForNewUser(a, 'verify-email') } })],
  ['POST /api/auth/verify-email/resend', signedIn(202), (a, _, token) => a.app.call('POST', '/api/auth/verify-email/resend', { token })],
  ['POST /api/auth/password-reset', anyone(202), (a, _, token) =>
    a.app.call('POST', '/api/auth/password-reset', { token, body: { email: a.cast.other.email } })],
  ['POST /api/auth/password-reset/confirm', anyone(204), async (a, _, token) =>
    a.app.call('POST', '/api/auth/password-reset/confirm', {
      token,
      body: { token: await linkTokenForNewUser(a, 'reset-password'), password: 'new-password-1' },
    })],
  ['GET /api/me', signedIn(200), (a, _, token) => a.app.call('GET', '/api/me', { token })],
  ['PUT /api/me/profile', signedIn(200), (a, _, token) => a.app.call('PUT', '/api/me/profile', { token, body: profile })],
  ['POST /api/uploads', signedIn(201), (a, _, token) => a.app.call('POST', '/api/uploads', { token, form: pngForm() })],
  ['GET /api/products', anyone(200), (a, _, token) => a.app.call('GET', '/api/products?limit=5', { token })],
  ['GET /api/products/:id', anyone(200), async (a, _, token) => a.app.call('GET', `/api/products/${(await stockedProduct(a.app)).id}`, { token })],
  ['GET /api/products/suggest', anyone(200), (a, _, token) => a.app.call('GET', '/api/products/suggest?q=val', { token })],
  ['GET /api/products/:id/quantity-advice', anyone(200), async (a, _, token) =>
    a.app.call('GET', `/api/products/${(await stockedProduct(a.app)).id}/quantity-advice?quantity=150`, { token })],
  ['GET /api/categories', anyone(200), (a, _, token) => a.app.call('GET', '/api/categories', { token })],
  ['POST /api/admin/categories', adminOnly(201), (a, _, token) =>
    a.app.call('POST', '/api/admin/categories', { token, body: { name: `Department ${crypto.randomUUID().slice(0, 8)}` } })],
  ['PATCH /api/admin/categories/:id', adminOnly(200), async (a, _, token) =>
    a.app.call('PATCH', `/api/admin/categories/${(await freshCategory(a)).id}`, { token, body: { name: 'Renamed' } })],
  ['DELETE /api/admin/categories/:id', adminOnly(204), async (a, _, token) =>
    a.app.call('DELETE', `/api/admin/categories/${(await freshCategory(a)).id}`, { token })],
  ['POST /api/products', adminOnly(201), (a, _, token) => a.app.call('POST', '/api/products', { token, body: product })],
  ['PATCH /api/products/:id', adminOnly(200), async (a, _, token) =>
    a.app.call('PATCH', `/api/products/${(await stockedProduct(a.app)).id}`, { token, body: { stock: 7 } })],
  ['DELETE /api/products/:id', adminOnly(204), async (a, _, token) =>
    a.app.call('DELETE', `/api/products/${(await stockedProduct(a.app)).id}`, { token })],
  ['GET /api/reviews', anyone(200), (a, _, token) => a.app.call('GET', '/api/reviews?limit=3', { token })],
  // Reviews are the customers' voice: admins moderate, they do not post.
  ['POST /api/reviews', signedIn(201, 403), (a, _, token) => a.app.call('POST', '/api/reviews', { token, body: review })],
  // Even the review's author cannot remove it: moderation is the admins'.
  ['DELETE /api/reviews/:id', adminOnly(204), async (a, _, token) => {
    const posted = await a.app.call('POST', '/api/reviews', { token: a.cast.tokens.customer, body: review });
    return a.app.call('DELETE', `/api/reviews/${posted.json.id}`, { token });
  }],
  ['POST /api/newsletter', anyone(201), (a, _, token) => a.app.call('POST', '/api/newsletter', { token, body: { email: 'reader@example.com' } })],
  ['POST /api/contact', anyone(201), (a, _, token) =>
    a.app.call('POST', '/api/contact', { token, body: { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Oslo?' } })],
  // Admins run the shop; they do not buy from it.
  ['POST /api/orders', signedIn(201, 403), async (a, _, token) =>
    a.app.call('POST', '/api/orders', { token, body: validOrder((await stockedProduct(a.app)).id) })],
  ['GET /api/orders', signedIn(200), (a, _, token) => a.app.call('GET', '/api/orders', { token })],
  ['GET /api/orders/:id', ownerOr(200, 200), async (a, _, token) =>
    a.app.call('GET', `/api/orders/${(await placeOrder(a.app, a.cast.tokens.customer!)).id}`, { token })],
  // The invoice of a paid order: its owner and admins; anyone else is told the order does not exist.
  ['GET /api/orders/:id/invoice.pdf', ownerOr(200, 200), async (a, _, token) =>
    a.app.call('GET', `/api/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/invoice.pdf`, { token })],
  ['GET /api/orders/:id/after-sale', ownerOr(200, 200), async (a, _, token) =>
    a.app.call('GET', `/api/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/after-sale`, { token })],
  ['GET /api/orders/:id/refunds/:refundId/credit-note.pdf', ownerOr(200, 200), async (a, _, token) => {
    const order = await paidOrder(a.app, a.cast.tokens.customer!);
    const refund = await a.app.call('POST', `/api/admin/orders/${order.id}/refunds`, { token: a.cast.tokens.admin, body: { amountCents: 100, reason: 'Goodwill' } });
    return a.app.call('GET', `/api/orders/${order.id}/refunds/${refund.json.id}/credit-note.pdf`, { token });
  }],
  ['GET /api/orders/:id/returns', ownerOr(200, 200), async (a, _, token) =>
    a.app.call('GET', `/api/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/returns`, { token })],
  // Only the buyer asks for a return: an admin, who bought nothing, is told the order does not exist.
  ['POST /api/orders/:id/returns', ownerOr(201, 404), async (a, _, token) => {
    const order = await shippedOrder(a);
    return a.app.call('POST', `/api/orders/${order.id}/returns`, { token, body: { lines: [{ productId: order.productId, quantity: 10 }], reason: 'Wrong size' } });
  }],
  ['DELETE /api/orders/:id', ownerOr(204, 204), async (a, _, token) =>
    a.app.call('DELETE', `/api/orders/${(await placeOrder(a.app, a.cast.tokens.customer!)).id}`, { token })],
  // "Order again" fills the caller's own cart from the caller's own order.
  ['POST /api/orders/:id/reorder', ownerOr(200, 404), async (a, _, token) =>
    a.app.call('POST', `/api/orders/${(await placeOrder(a.app, a.cast.tokens.customer!)).id}/reorder`, { token })],
  ['GET /api/cart', signedIn(200), (a, _, token) => a.app.call('GET', '/api/cart', { token })],
  ['PUT /api/cart', signedIn(200), async (a, _, token) =>
    a.app.call('PUT', '/api/cart', { token, body: { lines: [{ productId: (await stockedProduct(a.app)).id, quantity: 100 }] } })],
  // Requests for quote: the buyer's own (anyone else, admins included, is told it does not exist);
  // the admins list and answer them.
  // Companies (docs/companies.md): every route works on the caller's own company; another's objects are not found.
  ['POST /api/company', signedIn(201, 403), async (a, actor) =>
    a.app.call('POST', '/api/company', { token: await disposableToken(a, actor), body: { name: 'New Company' } })],
  ['GET /api/company', companyMember(200), async (a, _, token) => (await companies(a), a.app.call('GET', '/api/company', { token }))],
  ['PATCH /api/company', companyMember(200), async (a, _, token) => (await companies(a), a.app.call('PATCH', '/api/company', { token, body: { taxId: 'DE123' } }))],
  ['GET /api/company/invitations', companyMember(200), async (a, _, token) => (await companies(a), a.app.call('GET', '/api/company/invitations', { token }))],
  ['POST /api/company/invitations', companyMember(201), async (a, _, token) =>
    (await companies(a), a.app.call('POST', '/api/company/invitations', { token, body: { email: `new-${crypto.randomUUID()}@example.com`, role: 'buyer' } }))],
  ['POST /api/company/invitations/accept', signedIn(200, 403), async (a, actor) => {
    const { token, invitation } = await invitedCaller(a, actor);
    return a.app.call('POST', '/api/company/invitations/accept', { token, body: { token: invitation.token } });
  }],
  ['DELETE /api/company/invitations/:id', companyAOnly(204), async (a, _, token) =>
    a.app.call('DELETE', `/api/company/invitations/${(await companyInvitation(a)).id}`, { token })],
  ['PATCH /api/company/members/:userId', companyAOnly(200), async (a, _, token) =>
    a.app.call('PATCH', `/api/company/members/${(await companyBuyer(a)).user.id}`, { token, body: { monthlyLimitCents: 10_000 } })],
  ['DELETE /api/company/members/:userId', companyAOnly(204), async (a, _, token) =>
    a.app.call('DELETE', `/api/company/members/${(await companyBuyer(a)).user.id}`, { token })],
  ['GET /api/company/addresses', companyMember(200), async (a, _, token) => (await companies(a), a.app.call('GET', '/api/company/addresses', { token }))],
  ['POST /api/company/addresses', companyMember(201), async (a, _, token) => (await companies(a), a.app.call('POST', '/api/company/addresses', { token, body: site }))],
  ['PATCH /api/company/addresses/:id', companyAOnly(200), async (a, _, token) =>
    a.app.call('PATCH', `/api/company/addresses/${(await companySite(a)).id}`, { token, body: { label: 'Renamed' } })],
  ['DELETE /api/company/addresses/:id', companyAOnly(204), async (a, _, token) =>
    a.app.call('DELETE', `/api/company/addresses/${(await companySite(a)).id}`, { token })],
  ['POST /api/quotes', signedIn(201, 403), async (a, _, token) =>
    a.app.call('POST', '/api/quotes', { token, body: { lines: [{ productId: (await stockedProduct(a.app)).id, quantity: 50_000 }], message: 'A price for 50,000?' } })],
  ['GET /api/quotes', signedIn(200), (a, _, token) => a.app.call('GET', '/api/quotes', { token })],
  ['GET /api/quotes/:id', ownerOr(200, 404), async (a, _, token) => a.app.call('GET', `/api/quotes/${(await askedQuote(a)).id}`, { token })],
  ['POST /api/quotes/:id/accept', ownerOr(201, 404), async (a, _, token) =>
    a.app.call('POST', `/api/quotes/${(await answeredQuote(a)).id}/accept`, { token, body: { phone: '5550100200', address: '1 Harbour Road' } })],
  ['POST /api/quotes/:id/decline', ownerOr(200, 404), async (a, _, token) => a.app.call('POST', `/api/quotes/${(await answeredQuote(a)).id}/decline`, { token })],
  ['GET /api/admin/quotes', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/quotes?status=requested', { token })],
  ['GET /api/admin/quotes/:id', adminOnly(200), async (a, _, token) => a.app.call('GET', `/api/admin/quotes/${(await askedQuote(a)).id}`, { token })],
  ['POST /api/admin/quotes/:id/answer', adminOnly(200), async (a, _, token) => {
    const quote = await askedQuote(a);
    return a.app.call('POST', `/api/admin/quotes/${quote.id}/answer`, { token, body: { lines: [{ productId: quote.lines[0]!.productId, quantity: 100, unitPriceCents: 900 }], expiresInDays: 7, holdStock: true } });
  }],
  // Quick order reads a pasted list for anyone: it writes nothing.
  ['POST /api/cart/resolve', anyone(200), (a, _, token) => a.app.call('POST', '/api/cart/resolve', { token, body: { text: 'NO-SUCH-SKU 100' } })],
  // Paying is the owner's alone; an admin sees the order but cannot start paying it.
  // Company orders (docs/companies.md, "Approvals"): only a manager of the order's company decides; no one else reaches it.
  ['GET /api/company/orders', companyMember(200), async (a, _, token) => {
    await waitingCompanyOrder(a);
    return a.app.call('GET', '/api/company/orders', { token });
  }],
  ['POST /api/company/orders/:id/approve', companyAOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/company/orders/${(await waitingCompanyOrder(a)).id}/approve`, { token })],
  ['POST /api/company/orders/:id/reject', companyAOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/company/orders/${(await waitingCompanyOrder(a)).id}/reject`, { token, body: { reason: 'Over budget' } })],
  ['POST /api/orders/:id/payment-intent', ownerOr(200, 404), async (a, _, token) =>
    a.app.call('POST', `/api/orders/${(await placeOrder(a.app, a.cast.tokens.customer!)).id}/payment-intent`, { token })],
  ['POST /api/orders/:id/payment/confirm', ownerOr(200, 404), async (a, _, token) => {
    const owner = a.cast.tokens.customer!;
    const order = await placeOrder(a.app, owner);
    const intent = await a.app.call('POST', `/api/orders/${order.id}/payment-intent`, { token: owner });
    const paid = await a.app.call('POST', '/api/payments/test/confirm', {
      token: owner,
      body: {
        clientSecret: intent.json.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
        billing: { name: 'Owner', email: 'owner@example.com' },
      },
    });
    return a.app.call('POST', `/api/orders/${order.id}/payment/confirm`, { token, body: { paymentIntentId: paid.json.paymentIntentId } });
  }],
  // The test provider's card network: any signed-in page holding the client secret may confirm it.
  ['POST /api/payments/test/confirm', signedIn(200), async (a, _, token) => {
    const order = await placeOrder(a.app, a.cast.tokens.customer!);
    const intent = await a.app.call('POST', `/api/orders/${order.id}/payment-intent`, { token: a.cast.tokens.customer });
    return a.app.call('POST', '/api/payments/test/confirm', {
      token,
      body: {
        clientSecret: intent.json.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
        billing: { name: 'Owner', email: 'owner@example.com' },
      },
    });
  }],
  // Stripe proves itself by signature: a session token neither helps nor hurts.
  ['POST /api/webhooks/stripe', anyone(200), (a, _, token) => {
    const payload = stripeEvent();
    const signature = new Stripe(STRIPE.secretKey).webhooks.generateTestHeaderString({ payload, secret: STRIPE.webhookSecret });
    return a.stripeApp.call('POST', '/api/webhooks/stripe', { token, raw: payload, contentType: 'application/json', headers: { 'stripe-signature': signature } });
  }],
  ['GET /api/admin/overview', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/overview', { token })],
  ['GET /api/admin/reports/sales', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/reports/sales', { token })],
  ['GET /api/admin/orders/export.csv', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/orders/export.csv', { token })],
  ['GET /api/admin/orders', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/orders', { token })],
  ['POST /api/admin/orders/:id/ship', adminOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/admin/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/ship`, { token })],
  ['POST /api/admin/orders/:id/cancel', adminOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/admin/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/cancel`, { token, body: { reason: 'Ordered twice', restock: true } })],
  ['POST /api/admin/orders/:id/refunds', adminOnly(201), async (a, _, token) =>
    a.app.call('POST', `/api/admin/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/refunds`, { token, body: { amountCents: 100, reason: 'Goodwill' } })],
  ['GET /api/admin/returns', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/returns?status=requested', { token })],
  ['POST /api/admin/returns/:id/approve', adminOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/admin/returns/${(await askedReturn(a)).returnId}/approve`, { token, body: { answer: 'Dock 4' } })],
  ['POST /api/admin/returns/:id/reject', adminOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/admin/returns/${(await askedReturn(a)).returnId}/reject`, { token, body: { answer: 'Custom cut' } })],
  ['POST /api/admin/returns/:id/receive', adminOnly(200), async (a, _, token) => {
    const ret = await askedReturn(a, true);
    return a.app.call('POST', `/api/admin/returns/${ret.returnId}/receive`, { token, body: { lines: [{ productId: ret.productId, quantity: 10, restock: true }] } });
  }],
  ['GET /api/admin/orders/:id/packing-slip.pdf', adminOnly(200), async (a, _, token) =>
    a.app.call('GET', `/api/admin/orders/${(await paidOrder(a.app, a.cast.tokens.customer!)).id}/packing-slip.pdf`, { token })],
  ['GET /api/admin/users', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/users', { token })],
  ['POST /api/admin/users/:id/make-admin', adminOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/admin/users/${(await a.app.signUp()).user.id}/make-admin`, { token })],
  ['POST /api/admin/users/:id/remove-admin', adminOnly(200), async (a, _, token) =>
    a.app.call('POST', `/api/admin/users/${(await a.app.signUp()).user.id}/remove-admin`, { token })],
  ['DELETE /api/admin/users/:id', adminOnly(204), async (a, _, token) =>
    a.app.call('DELETE', `/api/admin/users/${(await a.app.signUp()).user.id}`, { token })],
  ['GET /api/admin/audit', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/audit?kind=user-deleted', { token })],
  ['GET /api/admin/products/export.csv', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/products/export.csv', { token })],
  ['POST /api/admin/products/import', adminOnly(200), (a, _, token) =>
    a.app.call('POST', '/api/admin/products/import?dryRun=true', { token, raw: 'sku,name\nAUTH-1,Nut', contentType: 'text/csv' })],
  ['GET /api/admin/messages', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/messages', { token })],
  ['PATCH /api/admin/messages/:id', adminOnly(200), async (a, _, token) => {
    const message = await a.app.store.inbox.addContactMessage({ id: crypto.randomUUID(), name: 'Ada', email: 'ada@example.com', message: 'Hi', createdAt: new Date(), readAt: null });
    return a.app.call('PATCH', `/api/admin/messages/${message.id}`, { token, body: { read: true } });
  }],
  ['GET /api/admin/payments-to-refund', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/payments-to-refund', { token })],
  // A cent of a paid order's payment, kept as a payment no order could take: refunded only by an admin.
  ['POST /api/admin/payments-to-refund/:id/refund', adminOnly(200), async (a, _, token) => {
    const order = await a.app.store.orders.findById((await paidOrder(a.app, a.cast.tokens.customer!)).id);
    await a.app.store.refunds.record({ id: order!.transactionId!, orderId: order!.id, amountCents: 1, currency: 'usd', reason: 'order-paid-otherwise', createdAt: new Date() });
    return a.app.call('POST', `/api/admin/payments-to-refund/${order!.transactionId!}/refund`, { token });
  }],
  ['GET /api/admin/subscribers', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/subscribers', { token })],
  // The shop admin's company pages (docs/companies.md, "Company prices"): a company's own members are customers here, 403 like any.
  ['GET /api/admin/companies', adminOnly(200), (a, _, token) => a.app.call('GET', '/api/admin/companies', { token })],
  ['GET /api/admin/companies/:id', adminOnly(200), async (a, _, token) => a.app.call('GET', `/api/admin/companies/${await customersCompany(a)}`, { token })],
  ['PATCH /api/admin/companies/:id', adminOnly(200), async (a, _, token) =>
    a.app.call('PATCH', `/api/admin/companies/${await customersCompany(a)}`, { token, body: { discountPercent: 50 } })],
  ['GET /api/admin/companies/:id/prices', adminOnly(200), async (a, _, token) => a.app.call('GET', `/api/admin/companies/${await customersCompany(a)}/prices`, { token })],
  ['PUT /api/admin/companies/:id/prices', adminOnly(200), async (a, _, token) =>
    a.app.call('PUT', `/api/admin/companies/${await customersCompany(a)}/prices`, { token, body: { prices: [{ productId: (await stockedProduct(a.app)).id, unitPriceCents: 1 }] } })],
  // Uploaded images are public by design: their names are random and unguessable.
  // For search engines: public, the same for everyone (http/routes/seo.ts); a small shop has no numbered part.
  ['GET /sitemap.xml', anyone(200), (a, _, token) => a.app.call('GET', '/sitemap.xml', { token })],
  ['GET /sitemap-*', anyone(404), (a, _, token) => a.app.call('GET', '/sitemap-1.xml', { token })],
  ['GET /robots.txt', anyone(200), (a, _, token) => a.app.call('GET', '/robots.txt', { token })],
  ['GET /uploads/:name', anyone(200), async (a, _, token) => a.app.call('GET', await uploadedFile(a), { token })],
  ['HEAD /uploads/:name', anyone(200), async (a, _, token) => a.app.call('HEAD', await uploadedFile(a), { token })],
];

let arranged: Arranged;

beforeAll(async () => {
  const app = await openSecurityApp();
  const stripeApp = await openSecurityApp({ payments: createStripePaymentGateway(STRIPE) });
  arranged = { app, stripeApp, cast: await arrangeActors(app) };
});

afterAll(async () => {
  await arranged?.app.close();
  await arranged?.stripeApp.close();
});

describe('the authorization matrix', () => {
  it('crafts bad tokens that differ from a working one only in their flaw', async () => {
    // The same claims, properly signed and current: accepted. So each refusal below is for its flaw.
    const control = await signSession(arranged.cast.claims);
    expect((await arranged.app.call('GET', '/api/me', { token: control })).status).toBe(200);
    expect((await arranged.app.call('GET', '/api/me', { token: arranged.cast.subject.token })).status).toBe(200);
  });

  it.each(MATRIX)('%s', async (_route, expected, call) => {
    const actual: Record<string, number> = {};
    for (const actor of ACTORS) actual[actor] = (await call(arranged, actor, arranged.cast.tokens[actor])).status;
    expect(actual).toEqual(expected);
  });

  it('refuses every bad token sent as the session cookie too', async () => {
    for (const actor of BAD_TOKEN_ACTORS) {
      const response = await arranged.app.call('GET', '/api/me', { cookie: arranged.cast.tokens[actor] });
      expect({ actor, status: response.status }).toEqual({ actor, status: 401 });
    }
    expect((await arranged.app.call('GET', '/api/me', { cookie: arranged.cast.tokens.customer })).status).toBe(200);
  });

  it('a customer cannot act on another account: the refused delete and promotion leave it as it was', async () => {
    const { app, cast } = arranged;
    const target = cast.customer.user.id;
    const before = await app.snapshot();
    expect((await app.call('DELETE', `/api/admin/users/${target}`, { token: cast.tokens.other })).status).toBe(403);
    expect((await app.call('POST', `/api/admin/users/${cast.other.user.id}/make-admin`, { token: cast.tokens.other })).status).toBe(403);
    expect(await app.snapshot()).toBe(before);
  });

  it('a buyer of company A makes no manager write, and one of company B reads nothing of A: nothing changes', async () => {
    const { app } = arranged;
    await companies(arranged);
    const buyer = await companyBuyer(arranged);
    const sitePlaced = await companySite(arranged);
    const invitation = await companyInvitation(arranged);
    const managerId = arranged.cast.customer.user.id;
    const before = await app.snapshot();
    const writes: [string, string, unknown][] = [
      ['PATCH', '/api/company', { name: 'Mine now' }],
      ['POST', '/api/company/invitations', { email: 'friend@example.com', role: 'manager' }],
      ['DELETE', `/api/company/invitations/${invitation.id}`, undefined],
      ['PATCH', `/api/company/members/${managerId}`, { role: 'buyer' }],
      ['PATCH', `/api/company/members/${buyer.user.id}`, { role: 'manager', monthlyLimitCents: null }],
      ['DELETE', `/api/company/members/${managerId}`, undefined],
      ['POST', '/api/company/addresses', site],
      ['PATCH', `/api/company/addresses/${sitePlaced.id}`, { label: 'Mine' }],
      ['DELETE', `/api/company/addresses/${sitePlaced.id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const response = await app.call(method, path, { token: buyer.token, ...(body === undefined ? {} : { body }) });
      expect({ method, path, status: response.status, code: response.json?.error?.code }).toEqual({ method, path, status: 403, code: 'NOT_A_MANAGER' });
    }
    const seen = await app.call('GET', '/api/company', { token: buyer.token });
    expect(seen.json.members.every((member: Record<string, unknown>) => !('email' in member) && !('monthlyLimitCents' in member))).toBe(true);
    const otherView = await app.call('GET', '/api/company', { token: arranged.cast.tokens.other });
    expect(JSON.stringify(otherView.json)).not.toContain(sitePlaced.id);
    expect(JSON.stringify(otherView.json)).not.toContain(managerId);
    expect(JSON.stringify((await app.call('GET', '/api/company/invitations', { token: arranged.cast.tokens.other })).json)).not.toContain(invitation.id);
    expect(await app.snapshot()).toBe(before);
  });

  it('has a row for every route the app registers (add one when you add an endpoint)', () => {
    const routes = new Set([...registeredRoutes(arranged.app), ...registeredRoutes(arranged.stripeApp)]);
    const rows = MATRIX.map(([route]) => route);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...routes].sort()).toEqual([...rows].sort());
  });
});
