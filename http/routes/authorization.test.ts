/**
 * Who may call what, for every endpoint of issues 4 (accounts) and 5 (catalog admin, uploads,
 * reviews): the status each kind of caller gets. "customer" owns the data a row acts on (their
 * review, their account); "other" is a second customer.
 */
import { describe, expect, it } from 'vitest';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

type Context = ReturnType<typeof createTestApp>;
type Actor = 'anonymous' | 'customer' | 'other' | 'admin';
interface Arranged {
  context: Context;
  tokens: Record<Actor, string | undefined>;
  customerId: string;
}

const validProfile = {
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
  phone: '5550100',
  education: 'Marine engineering',
  linkedin: 'https://www.linkedin.com/in/someone',
  facebook: 'https://facebook.com/someone',
  address: '1 Harbour Road',
};
const review = { country: 'Norway', rating: 5, comment: 'Good', imageUrl: validProfile.imageUrl };
const product = { name: 'Valve', description: 'DN50', imageUrl: validProfile.imageUrl, priceCents: 100, stock: 1 };
const pngForm = () => {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])]), 'a.png');
  return form;
};

/** Each row arranges what it needs afresh for every caller, so one caller's success cannot hide another's. */
const rows: [string, Record<Actor, number>, (a: Arranged, token: string | undefined) => Promise<{ status: number }>][] = [
  ['GET /api/me', { anonymous: 401, customer: 200, other: 200, admin: 200 }, (a, token) => a.context.call('GET', '/api/me', { token })],
  ['PUT /api/me/profile', { anonymous: 401, customer: 200, other: 200, admin: 200 }, (a, token) =>
    a.context.call('PUT', '/api/me/profile', { token, body: validProfile })],
  ['POST /api/auth/verify-email/resend', { anonymous: 401, customer: 202, other: 202, admin: 202 }, (a, token) =>
    a.context.call('POST', '/api/auth/verify-email/resend', { token })],
  ['POST /api/auth/verify-email (bad token)', { anonymous: 400, customer: 400, other: 400, admin: 400 }, (a, token) =>
    a.context.call('POST', '/api/auth/verify-email', { token, body: { token: 'not-a-token' } })],
  ['POST /api/auth/password-reset', { anonymous: 202, customer: 202, other: 202, admin: 202 }, (a, token) =>
    a.context.call('POST', '/api/auth/password-reset', { token, body: { email: 'someone@example.com' } })],
  ['POST /api/auth/password-reset/confirm (bad token)', { anonymous: 400, customer: 400, other: 400, admin: 400 }, (a, token) =>
    a.context.call('POST', '/api/auth/password-reset/confirm', { token, body: { token: 'not-a-token', password: 'new-password' } })],
  ['GET /api/auth/google (not configured)', { anonymous: 503, customer: 503, other: 503, admin: 503 }, (a, token) =>
    a.context.call('GET', '/api/auth/google', { token })],
  ['POST /api/uploads', { anonymous: 401, customer: 201, other: 201, admin: 201 }, (a, token) =>
    a.context.call('POST', '/api/uploads', { token, form: pngForm() })],
  ['GET /api/products', { anonymous: 200, customer: 200, other: 200, admin: 200 }, (a, token) => a.context.call('GET', '/api/products', { token })],
  ['POST /api/products', { anonymous: 401, customer: 403, other: 403, admin: 201 }, (a, token) =>
    a.context.call('POST', '/api/products', { token, body: product })],
  ['PATCH /api/products/:id', { anonymous: 401, customer: 403, other: 403, admin: 200 }, async (a, token) =>
    a.context.call('PATCH', `/api/products/${(await addProduct(a.context.store)).id}`, { token, body: { stock: 7 } })],
  ['DELETE /api/products/:id', { anonymous: 401, customer: 403, other: 403, admin: 204 }, async (a, token) =>
    a.context.call('DELETE', `/api/products/${(await addProduct(a.context.store)).id}`, { token })],
  ['GET /api/reviews', { anonymous: 200, customer: 200, other: 200, admin: 200 }, (a, token) => a.context.call('GET', '/api/reviews', { token })],
  // Reviews are the customers' voice: admins moderate, they do not post.
  ['POST /api/reviews', { anonymous: 401, customer: 201, other: 201, admin: 403 }, (a, token) =>
    a.context.call('POST', '/api/reviews', { token, body: review })],
  ['DELETE /api/reviews/:id (the customer’s review)', { anonymous: 401, customer: 403, other: 403, admin: 204 }, async (a, token) => {
    const posted = await a.context.call('POST', '/api/reviews', { token: a.tokens.customer, body: review });
    return a.context.call('DELETE', `/api/reviews/${posted.json.id}`, { token });
  }],
  ['GET /api/admin/users', { anonymous: 401, customer: 403, other: 403, admin: 200 }, (a, token) => a.context.call('GET', '/api/admin/users', { token })],
  ['POST /api/admin/users/:id/make-admin', { anonymous: 401, customer: 403, other: 403, admin: 200 }, async (a, token) => {
    const target = await a.context.signUp();
    return a.context.call('POST', `/api/admin/users/${target.user.id}/make-admin`, { token });
  }],
  ['DELETE /api/admin/users/:id', { anonymous: 401, customer: 403, other: 403, admin: 204 }, async (a, token) => {
    const target = await a.context.signUp();
    return a.context.call('DELETE', `/api/admin/users/${target.user.id}`, { token });
  }],
];

const arrange = async (): Promise<Arranged> => {
  const context = createTestApp();
  const admin = await signUpAdmin(context);
  const customer = await context.signUp();
  const other = await context.signUp();
  return { context, tokens: { anonymous: undefined, customer: customer.token, other: other.token, admin: admin.token }, customerId: customer.user.id };
};

describe('authorization of the account, catalog, upload and review endpoints', () => {
  it.each(rows)('%s', async (_, expected, run) => {
    const arranged = await arrange();
    const actual: Record<string, number> = {};
    for (const actor of Object.keys(expected) as Actor[]) actual[actor] = (await run(arranged, arranged.tokens[actor])).status;
    expect(actual).toEqual(expected);
  });

  it('a customer cannot act on another account: deleting a user or changing a role is admin-only', async () => {
    const arranged = await arrange();
    const asOther = await arranged.context.call('DELETE', `/api/admin/users/${arranged.customerId}`, { token: arranged.tokens.other });
    expect(asOther.status).toBe(403);
    expect(await arranged.context.store.users.findById(arranged.customerId)).not.toBeNull();
  });
});
