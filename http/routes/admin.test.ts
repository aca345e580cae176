import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const ADMIN_ENDPOINTS: [string, string][] = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/orders'],
  ['POST', '/api/admin/orders/some-id/ship'],
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users/some-id/make-admin'],
  ['POST', '/api/admin/users/some-id/remove-admin'],
  ['DELETE', '/api/admin/users/some-id'],
  ['GET', '/api/admin/messages'],
  ['GET', '/api/admin/subscribers'],
  ['GET', '/api/admin/audit'],
];

describe('admin endpoints', () => {
  it('answer 401 anonymous and 403 for customers, on every endpoint', async () => {
    const context = createTestApp();
    const customer = await context.signUp();
    for (const [method, path] of ADMIN_ENDPOINTS) {
      const anonymous = await context.call(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const refused = await context.call(method, path, { token: customer.token });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(expectError(refused.json)).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
    }
  });

  it('lists all orders with the total count, and users without secrets', async () => {
    const context = createTestApp();
    const product = await addProduct(context.store);
    const admin = await signUpAdmin(context);
    for (const buyer of [await context.signUp(), await context.signUp()]) {
      await context.call('POST', '/api/orders', {
        body: { productId: product.id, quantity: 100, phone: '5550100200', address: 'Dock 4' },
        token: buyer.token,
      });
    }
    const orders = await context.call('GET', '/api/admin/orders', { token: admin.token });
    expect(orders.status).toBe(200);
    expect(orders.json.total).toBe(2);
    expect(orders.json.items).toHaveLength(2);
    const users = await context.call('GET', '/api/admin/users', { token: admin.token });
    expect(users.json.items).toHaveLength(3);
    const overview = await context.call('GET', '/api/admin/overview', { token: admin.token });
    expect(overview.json).toEqual({ ordersAwaitingShipment: 0, unpaidOrders: 2, lowStockProducts: 0, contactMessages: 0, unreadContactMessages: 0, paymentsToRefund: 0, quotesAwaitingAnswer: 0 });
    expect(JSON.stringify(users.json)).not.toMatch(/passwordHash|sessionVersion|scrypt/);
  });

  it('marks a contact message read and unread, and the overview counts the unread ones', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const sent = await context.call('POST', '/api/contact', { body: { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Oslo?' } });
    expect(sent.json.readAt).toBeNull();
    const unread = async () => (await context.call('GET', '/api/admin/overview', { token: admin.token })).json.unreadContactMessages;
    expect(await unread()).toBe(1);
    const read = await context.call('PATCH', `/api/admin/messages/${sent.json.id}`, { token: admin.token, body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: sent.json.id, readAt: expect.any(String) });
    expect(await unread()).toBe(0);
    expect((await context.call('GET', '/api/admin/messages', { token: admin.token })).json.items[0].readAt).toBe(read.json.readAt);
    expect((await context.call('PATCH', `/api/admin/messages/${sent.json.id}`, { token: admin.token, body: { read: false } })).json.readAt).toBeNull();
    expect(await unread()).toBe(1);
    const missing = await context.call('PATCH', '/api/admin/messages/no-such-message', { token: admin.token, body: { read: true } });
    expect(missing.status).toBe(404);
    expect(expectError(missing.json)).toEqual({ code: 'NOT_FOUND', message: messages.contactMessageNotFound });
  });

  it('lists newsletter subscribers', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    await context.call('POST', '/api/newsletter', { body: { email: 'fan@example.com' } });
    const subscribers = await context.call('GET', '/api/admin/subscribers', { token: admin.token });
    expect(subscribers.json.items).toEqual([expect.objectContaining({ email: 'fan@example.com' })]);
  });

  it('remove-admin takes the role back and ends the user’s older sessions; never one’s own, never the last admin', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const helper = await context.signUp();
    await context.call('POST', `/api/admin/users/${helper.user.id}/make-admin`, { token: admin.token });
    const helperToken = (await context.call('POST', '/api/auth/sign-in', { body: { email: helper.email, password: helper.password } })).json.token;

    const own = await context.call('POST', `/api/admin/users/${admin.user.id}/remove-admin`, { token: admin.token });
    expect(own.status).toBe(409);
    expect(expectError(own.json)).toEqual({ code: 'CANNOT_CHANGE_OWN_ROLE', message: messages.cannotChangeOwnRole });

    const removed = await context.call('POST', `/api/admin/users/${helper.user.id}/remove-admin`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ id: helper.user.id, role: 'customer' });
    expect((await context.call('GET', '/api/admin/users', { token: helperToken })).status).toBe(401);
    // Already a customer: nothing to do, same answer.
    expect((await context.call('POST', `/api/admin/users/${helper.user.id}/remove-admin`, { token: admin.token })).json.role).toBe('customer');
    expect((await context.call('POST', '/api/admin/users/no-such-user/remove-admin', { token: admin.token })).status).toBe(404);
  });

  it('remove-admin never removes the last admin: two admins removing each other at the same moment leave one, the other answered 409 LAST_ADMIN with nothing changed', async () => {
    // One's own role is refused, so the last admin can only be reached by two removals in flight
    // at once. The store holds each removal until both requests have reached it (both past their
    // session checks as admins), then lets them through in turn.
    const storage = createMemoryStorage();
    const context = createTestApp({ storage });
    const first = await signUpAdmin(context);
    const second = await signUpAdmin(context);
    const users = storage.repositories.users;
    const removeAdmin = users.removeAdmin;
    let arrived = 0;
    let bothArrived!: () => void;
    const together = new Promise<void>((resolve) => (bothArrived = resolve));
    users.removeAdmin = async (...args) => {
      if (++arrived === 2) bothArrived();
      await together;
      return removeAdmin(...args);
    };
    const answers = await Promise.all([
      context.call('POST', `/api/admin/users/${second.user.id}/remove-admin`, { token: first.token }),
      context.call('POST', `/api/admin/users/${first.user.id}/remove-admin`, { token: second.token }),
    ]);
    users.removeAdmin = removeAdmin;
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(expectError(refused.json)).toEqual({ code: 'LAST_ADMIN', message: messages.lastAdmin });

    // The admin whose removal was refused is unchanged: still an admin, its session still good.
    const kept = answers[0]!.status === 200 ? first : second;
    const removed = kept === first ? second : first;
    expect(await context.store.users.findById(kept.user.id)).toMatchObject({ role: 'admin' });
    expect((await context.call('GET', '/api/me', { token: kept.token })).json.user.role).toBe('admin');
    expect((await context.call('GET', '/api/admin/users', { token: removed.token })).status).toBe(401);
    const all = (await context.call('GET', '/api/admin/users', { token: kept.token })).json.items as { id: string; role: string }[];
    expect(all.filter((user) => user.role === 'admin').map((user) => user.id)).toEqual([kept.user.id]);
    // One removal, one audit entry: the refused one wrote none.
    const log = await context.call('GET', '/api/admin/audit?kind=user-admin-removed', { token: kept.token });
    expect(log.json.items.map((entry: { subjectId: string }) => entry.subjectId)).toEqual([removed.user.id]);
  });

  it('make-admin ends the user’s older sessions; signed in again they are an admin; idempotent', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const user = await context.signUp();
    expect((await context.call('GET', '/api/admin/users', { token: user.token })).status).toBe(403);
    const promoted = await context.call('POST', `/api/admin/users/${user.user.id}/make-admin`, { token: admin.token });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id: user.user.id, role: 'admin' });
    // A token issued before the promotion (perhaps copied by someone else) never carries admin rights.
    expect((await context.call('GET', '/api/admin/users', { token: user.token })).status).toBe(401);
    const signedIn = await context.call('POST', '/api/auth/sign-in', { body: { email: user.email, password: user.password } });
    expect((await context.call('GET', '/api/admin/users', { token: signedIn.json.token })).status).toBe(200);
    expect((await context.call('GET', '/api/me', { token: signedIn.json.token })).json.user.role).toBe('admin');
    const again = await context.call('POST', `/api/admin/users/${user.user.id}/make-admin`, { token: admin.token });
    expect(again.status).toBe(200);
    expect((await context.call('POST', '/api/admin/users/no-such-user/make-admin', { token: admin.token })).status).toBe(404);
  });

  it('deleting a user kills their token at once; an admin cannot delete themselves', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const user = await context.signUp();
    expect((await context.call('GET', '/api/me', { token: user.token })).status).toBe(200);
    const deleted = await context.call('DELETE', `/api/admin/users/${user.user.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect((await context.call('GET', '/api/me', { token: user.token })).status).toBe(401);
    expect((await context.call('DELETE', `/api/admin/users/${user.user.id}`, { token: admin.token })).status).toBe(404);

    const self = await context.call('DELETE', `/api/admin/users/${admin.user.id}`, { token: admin.token });
    expect(self.status).toBe(409);
    expect(expectError(self.json)).toEqual({ code: 'CANNOT_DELETE_SELF', message: messages.cannotDeleteSelf });
    expect((await context.call('GET', '/api/me', { token: admin.token })).status).toBe(200);
  });

  it('a demoted admin\'s sessions end at once; signed in again they are a customer', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    expect((await context.call('GET', '/api/admin/orders', { token: admin.token })).status).toBe(200);
    await context.store.users.setRole(admin.user.id, 'customer');
    expect((await context.call('GET', '/api/admin/orders', { token: admin.token })).status).toBe(401);
    const again = await context.call('POST', '/api/auth/sign-in', { body: { email: admin.email, password: admin.password } });
    expect((await context.call('GET', '/api/admin/orders', { token: again.json.token })).status).toBe(403);
  });

  it('pages the audit log (docs/audit-log.md, "Audit log"): who did what, before and after, by actor and kind', async () => {
    // Each reading a millisecond later: the log is newest first by time, and two entries written
    // in the same millisecond would come in the order of their random ids.
    let now = Date.now();
    const context = createTestApp({ clock: { now: () => new Date(now++) } });
    const admin = await signUpAdmin(context);
    const [first, second] = [await context.signUp(), await context.signUp()];
    expect((await context.call('POST', `/api/admin/users/${first.user.id}/make-admin`, { token: admin.token })).status).toBe(200);
    expect((await context.call('DELETE', `/api/admin/users/${second.user.id}`, { token: admin.token })).status).toBe(204);
    const log = await context.call('GET', '/api/admin/audit?limit=1', { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.json).toEqual({
      items: [
        {
          id: expect.any(String),
          at: expect.any(String),
          actorId: admin.user.id,
          actorEmail: admin.user.email,
          kind: 'user-deleted',
          subjectId: second.user.id,
          summary: `Deleted the user ${second.user.email}`,
          before: expect.objectContaining({ email: second.user.email }),
          after: null,
        },
      ],
      nextCursor: expect.any(String),
    });
    expect(JSON.stringify(log.json)).not.toContain('passwordHash');
    const next = await context.call('GET', `/api/admin/audit?limit=1&cursor=${log.json.nextCursor}`, { token: admin.token });
    expect(next.json).toMatchObject({ items: [{ kind: 'user-made-admin', before: { role: 'customer' }, after: { role: 'admin' } }], nextCursor: null });
    const byKind = await context.call('GET', '/api/admin/audit?kind=user-made-admin', { token: admin.token });
    expect(byKind.json.items.map((entry: { subjectId: string }) => entry.subjectId)).toEqual([first.user.id]);
    const byEmail = await context.call('GET', `/api/admin/audit?actor=${encodeURIComponent(admin.user.email)}`, { token: admin.token });
    expect(byEmail.json.items).toHaveLength(2);
    expect((await context.call('GET', `/api/admin/audit?actor=${first.user.id}`, { token: admin.token })).json.items).toEqual([]);
    const unknown = await context.call('GET', '/api/admin/audit?kind=coffee-made', { token: admin.token });
    expect(unknown.status).toBe(400);
  });
});

describe('category and contact-message changes in the audit log (docs/audit-log.md)', () => {
  it('records each category change and each read/unread mark, with the acting admin', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const call = (method: string, path: string, body?: unknown) => context.call(method, path, { token: admin.token, ...(body ? { body } : {}) });
    const created = await call('POST', '/api/admin/categories', { name: 'Fasteners' });
    expect(created.status).toBe(201);
    expect((await call('PATCH', `/api/admin/categories/${created.json.id}`, { name: 'Fixings' })).status).toBe(200);
    expect((await call('DELETE', `/api/admin/categories/${created.json.id}`)).status).toBe(204);
    const message = await context.store.inbox.addContactMessage({ id: 'm1', name: 'Ada', email: 'ada@example.com', message: 'Hello', createdAt: new Date(), readAt: null });
    expect((await call('PATCH', `/api/admin/messages/${message.id}`, { read: true })).status).toBe(200);

    const log = await call('GET', '/api/admin/audit');
    expect(log.json.items.map((entry: { kind: string; subjectId: string; actorId: string }) => [entry.kind, entry.subjectId, entry.actorId]).sort()).toEqual(
      [
        ['category-created', created.json.id, admin.user.id],
        ['category-edited', created.json.id, admin.user.id],
        ['category-deleted', created.json.id, admin.user.id],
        ['contact-message-marked', 'm1', admin.user.id],
      ].sort(),
    );
    expect((await call('GET', '/api/admin/audit?kind=category-deleted')).json.items).toMatchObject([{ before: { name: 'Fixings' }, after: null }]);
  });
});
