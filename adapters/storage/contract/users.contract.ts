import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '#domain/identity/user.ts';
import type { StoreHarness } from './store-harness.ts';

/** UserRepository: e-mail uniqueness in any case, newest-first pages, guarded password change, profiles, deletion. */
export function describeUserContract(h: StoreHarness): void {
  describe('users and profiles', () => {
    it('refuses a second account with the same e-mail in any letter case', async () => {
      const first = await h.addUser({ email: 'ada@example.com' });
      const duplicate = await h.store.users.create({ ...first, id: randomUUID(), email: 'ADA@Example.COM' });
      expect(duplicate).toBeNull();
      expect(await h.store.users.findByEmail('Ada@Example.com')).toEqual(first);
      expect((await h.store.users.list({ limit: 10 })).items).toHaveLength(1);
    });

    it('finds users by id', async () => {
      const user = await h.addUser();
      expect(await h.store.users.findById(user.id)).toEqual(user);
      expect(await h.store.users.findById(randomUUID())).toBeNull();
    });

    it('lists users newest first in pages, ties broken by id, the last page with a null cursor', async () => {
      const oldest = await h.addUser({ id: h.keyed('c'), createdAt: h.at(1_000) });
      const tiedLow = await h.addUser({ id: h.keyed('a'), createdAt: h.at(2_000) });
      const tiedHigh = await h.addUser({ id: h.keyed('b'), createdAt: h.at(2_000) });
      const newest = await h.addUser({ id: h.keyed('a'), createdAt: h.at(3_000) });
      const newestFirst = [newest.id, tiedHigh.id, tiedLow.id, oldest.id];
      expect(await h.walk((page) => h.store.users.list(page), 2)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2)]);
      expect(await h.walk((page) => h.store.users.list(page), 3)).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3)]);
      const all = await h.store.users.list({ limit: 10 });
      expect(all).toEqual({ items: [newest, tiedHigh, tiedLow, oldest], nextCursor: null });
      expect((await h.store.users.list({ limit: 10, cursor: '%%not-a-cursor%%' })).items).toEqual(all.items);
    });

    it('gives every admin’s address, by address, and no customer’s', async () => {
      expect(await h.store.users.adminEmails()).toEqual([]);
      await h.addUser({ email: 'zoe-admin@example.com', role: 'admin' });
      await h.addUser({ email: 'buyer@example.com', role: 'customer' });
      const promoted = await h.addUser({ email: 'al-admin@example.com' });
      await h.store.users.setRole(promoted.id, 'admin');
      expect(await h.store.users.adminEmails()).toEqual(['al-admin@example.com', 'zoe-admin@example.com']);
    });

    it('sets role, password hash, verification and bumps the session version', async () => {
      const user = await h.addUser();
      expect((await h.store.users.setRole(user.id, 'admin'))?.role).toBe('admin');
      expect((await h.store.users.setEmailVerified(user.id))?.emailVerified).toBe(true);
      expect((await h.store.users.bumpSessionVersion(user.id))?.sessionVersion).toBe(2);
      expect((await h.store.users.replacePassword(user.id, 'new-hash', 2))?.sessionVersion).toBe(3);
      expect(await h.store.users.findById(user.id)).toMatchObject({
        role: 'admin',
        passwordHash: 'new-hash',
        emailVerified: true,
        sessionVersion: 3,
      });
      expect(await h.store.users.setRole(randomUUID(), 'admin')).toBeNull();
      expect(await h.store.users.bumpSessionVersion(randomUUID())).toBeNull();
    });

    it('replaces a password only at the expected session version: of two at once, exactly one wins', async () => {
      const user = await h.addUser();
      const attempts = await Promise.all([
        h.store.users.replacePassword(user.id, 'hash-a', 0),
        h.store.users.replacePassword(user.id, 'hash-b', 0),
      ]);
      expect(attempts.filter((replaced) => replaced !== null)).toHaveLength(1);
      const winner = attempts.find((replaced) => replaced !== null)!;
      expect(await h.store.users.findById(user.id)).toMatchObject({ passwordHash: winner.passwordHash, sessionVersion: 1 });
      expect(await h.store.users.replacePassword(user.id, 'hash-c', 0)).toBeNull();
      expect(await h.store.users.replacePassword(randomUUID(), 'hash-d', 0)).toBeNull();
      expect((await h.store.users.findById(user.id))?.passwordHash).toBe(winner.passwordHash);
    });

    it('ends the older sessions with every role change, both ways', async () => {
      const user = await h.addUser({ sessionVersion: 3 });
      expect(await h.store.users.setRole(user.id, 'admin')).toMatchObject({ role: 'admin', sessionVersion: 4 });
      expect(await h.store.users.setRole(user.id, 'customer')).toMatchObject({ role: 'customer', sessionVersion: 5 });
      expect(await h.store.users.findById(user.id)).toMatchObject({ role: 'customer', sessionVersion: 5 });
    });

    // The condition is the domain's (manage-users.ts, one other admin left); the store counts it
    // in the same atomic step as the change.
    const keepOne = { otherAdminsAtLeast: 1 };

    it('removes an admin only while the other admins the condition asks for remain; refused, nothing changes', async () => {
      const first = await h.addUser({ role: 'admin', sessionVersion: 2 });
      const second = await h.addUser({ role: 'admin', sessionVersion: 5 });
      const customer = await h.addUser();
      expect(await h.store.users.removeAdmin(customer.id, keepOne)).toBeNull();
      expect(await h.store.users.removeAdmin(randomUUID(), keepOne)).toBeNull();
      // One other admin, two asked for: refused, both unchanged.
      expect(await h.store.users.removeAdmin(first.id, { otherAdminsAtLeast: 2 })).toBe('too-few-admins');
      expect(await h.store.users.findById(first.id)).toEqual(first);
      expect(await h.store.users.removeAdmin(first.id, keepOne)).toMatchObject({ role: 'customer', sessionVersion: 3 });
      // The last admin: refused, its role and sessions kept.
      expect(await h.store.users.removeAdmin(second.id, keepOne)).toBe('too-few-admins');
      expect(await h.store.users.findById(second.id)).toEqual(second);
      expect(await h.store.users.removeAdmin(second.id, { otherAdminsAtLeast: 0 })).toMatchObject({ role: 'customer', sessionVersion: 6 });
    });

    it('leaves one admin when two admins remove each other at the same moment', async () => {
      const first = await h.addUser({ role: 'admin', sessionVersion: 2 });
      const second = await h.addUser({ role: 'admin' });
      const both = await Promise.all([h.store.users.removeAdmin(first.id, keepOne), h.store.users.removeAdmin(second.id, keepOne)]);
      expect(both.filter((result) => result === 'too-few-admins')).toHaveLength(1);
      const after = [await h.store.users.findById(first.id), await h.store.users.findById(second.id)];
      expect(after.filter((user) => user?.role === 'admin')).toHaveLength(1);
      const demoted = both.find((result): result is User => typeof result === 'object' && result !== null);
      // The demoted one is a customer now, and its older sessions ended (version bumped).
      expect(demoted).toMatchObject({ role: 'customer', sessionVersion: demoted?.id === first.id ? 3 : 1 });
      // The one kept is exactly as it was: role and sessions.
      expect(after.find((user) => user?.id !== demoted?.id)).toEqual(demoted?.id === first.id ? second : first);
    });

    it('hands an unverified account to the proven owner of its e-mail: no password, verified, older sessions ended', async () => {
      const user = await h.addUser({ passwordHash: 'attacker-hash', emailVerified: false, sessionVersion: 2 });
      const adopted = await h.store.users.adoptForVerifiedOwner(user.id);
      expect(adopted).toMatchObject({ passwordHash: null, emailVerified: true, sessionVersion: 3 });
      expect(await h.store.users.findById(user.id)).toEqual(adopted);
      expect(await h.store.users.adoptForVerifiedOwner(randomUUID())).toBeNull();
    });

    it('keeps a null password hash for Google-only accounts', async () => {
      const user = await h.addUser({ passwordHash: null });
      expect((await h.store.users.findById(user.id))?.passwordHash).toBeNull();
    });

    it('saves, replaces and finds a profile', async () => {
      const user = await h.addUser();
      expect(await h.store.users.findProfile(user.id)).toBeNull();
      const profile = {
        userId: user.id,
        imageUrl: 'https://img.example/me.png',
        phone: '+15550100',
        education: 'MIT',
        linkedin: 'https://linkedin.com/in/ada',
        facebook: '',
        address: '1 Dock Road',
        companyName: 'Łukasiewicz Roofing Sp. z o.o.',
        jobTitle: 'Site buyer',
        taxNumber: 'PL 526-000-12-46',
        updatedAt: h.at(10),
      };
      expect(await h.store.users.saveProfile(profile)).toEqual(profile);
      expect(await h.store.users.findProfile(user.id)).toEqual(profile);
      // The company fields are replaced like the others, down to empty.
      const replaced = { ...profile, phone: '+15550199', companyName: 'Dock Works Ltd', jobTitle: '', taxNumber: '', updatedAt: h.at(20) };
      await h.store.users.saveProfile(replaced);
      expect(await h.store.users.findProfile(user.id)).toEqual(replaced);
    });

    it('deletes a user with their profile, keeping their paid orders and reviews, returning the unpaid orders\' stock', async () => {
      const user = await h.addUser();
      const other = await h.addUser();
      await h.store.users.saveProfile({
        userId: user.id, imageUrl: '', phone: '', education: '', linkedin: '', facebook: '', address: '', companyName: '', jobTitle: '', taxNumber: '', updatedAt: h.at(1),
      });
      const product = await h.addProduct({ stock: 1_000 });
      const paid = await h.placeOk(h.newOrder(product, { userId: user.id, quantity: 100 }));
      await h.store.orders.markPaid(paid.id, 'tx-1', h.at(2));
      const unpaid = await h.placeOk(h.newOrder(product, { userId: user.id, quantity: 200 }));
      const othersUnpaid = await h.placeOk(h.newOrder(product, { userId: other.id, quantity: 500 }));
      const review = await h.store.reviews.create(h.newReview({ userId: user.id }));
      expect(await h.stockOf(product.id)).toBe(200);

      expect(await h.store.users.delete(user.id)).toBe(true);
      expect(await h.store.users.findById(user.id)).toBeNull();
      expect(await h.store.users.findProfile(user.id)).toBeNull();
      expect(await h.store.users.delete(user.id)).toBe(false);
      expect((await h.store.orders.findById(paid.id))?.lines[0]?.productName).toBe(product.name);
      // Nobody can pay for the deleted user's unpaid order any more: its units go back.
      expect(await h.store.orders.findById(unpaid.id)).toBeNull();
      expect(await h.store.orders.findById(othersUnpaid.id)).not.toBeNull();
      expect(await h.stockOf(product.id)).toBe(400);
      const kept = (await h.store.reviews.list({ limit: 10 })).items;
      expect(kept.map((r) => r.id)).toEqual([review.id]);
      expect(kept[0]?.userId).toBeNull();
      // The e-mail is free again.
      expect(await h.store.users.create({ ...user, id: randomUUID() })).not.toBeNull();
    });
  });
}
