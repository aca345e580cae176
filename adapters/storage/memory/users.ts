import type { UserRepository } from '#domain/identity/user-repository.ts';
import type { User } from '#domain/identity/user.ts';
import { HOLDING_STATUSES } from '#domain/ordering/order.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { copy, copyOrNull, emailKey, returnStock, type MemoryTables } from './tables.ts';
import { recordAudit } from './audit.ts';
import { queueMail } from './outbox.ts';

/**
 * Deleting a user keeps their paid orders with the now dangling `userId` (Order.userId is not
 * nullable, and the SQL schemas deliberately have no foreign key there); their unpaid orders are
 * deleted and the units returned; reviews get `userId: null` and the profile is removed.
 */
export function createMemoryUsers(tables: MemoryTables): UserRepository {
  const { users, profiles, reviews, orders } = tables;
  const findByEmail = (email: string): User | undefined =>
    [...users.values()].find((user) => emailKey(user.email) === emailKey(email));
  const update = (id: string, change: (user: User) => void): User | null => {
    const user = users.get(id);
    if (!user) return null;
    change(user);
    return copy(user);
  };

  return {
    async create(user, mail) {
      if (users.has(user.id) || findByEmail(user.email)) return null;
      users.set(user.id, copy(user));
      if (mail) queueMail(tables, mail, user.id, user.createdAt);
      return copy(user);
    },
    async findById(id) {
      return copyOrNull(users.get(id));
    },
    async findByEmail(email) {
      return copyOrNull(findByEmail(email));
    },
    async list(page) {
      return newestFirst(users.values(), page, byId);
    },
    async adminEmails() {
      return [...users.values()]
        .filter((user) => user.role === 'admin')
        .map((user) => user.email)
        .sort();
    },
    async removeAdmin(id, { otherAdminsAtLeast }, audit) {
      if (users.get(id)?.role !== 'admin') return null;
      // The domain's condition (manage-users.ts), counted with the change: one step between awaits.
      const others = [...users.values()].filter((user) => user.role === 'admin' && user.id !== id).length;
      if (others < otherAdminsAtLeast) return 'too-few-admins';
      const removed = update(id, (user) => {
        user.role = 'customer';
        user.sessionVersion += 1;
      });
      if (removed) recordAudit(tables, audit, { role: removed.role });
      return removed;
    },
    async setRole(id, role, audit) {
      const changed = update(id, (user) => {
        user.role = role;
        user.sessionVersion += 1;
      });
      if (changed) recordAudit(tables, audit, { role });
      return changed;
    },
    async replacePassword(id, passwordHash, expectedVersion) {
      if (users.get(id)?.sessionVersion !== expectedVersion) return null;
      return update(id, (user) => {
        user.passwordHash = passwordHash;
        user.sessionVersion += 1;
      });
    },
    async setEmailVerified(id) {
      return update(id, (user) => (user.emailVerified = true));
    },
    async adoptForVerifiedOwner(id) {
      return update(id, (user) => {
        user.passwordHash = null;
        user.emailVerified = true;
        user.sessionVersion += 1;
      });
    },
    async bumpSessionVersion(id) {
      return update(id, (user) => (user.sessionVersion += 1));
    },
    async delete(id, audit) {
      if (!users.delete(id)) return false;
      recordAudit(tables, audit);
      profiles.delete(id);
      tables.carts.delete(id);
      // The SQL company_members row cascades with the user.
      tables.companyMembers.delete(id);
      for (const order of [...orders.values()]) {
        if (order.userId !== id || !HOLDING_STATUSES.includes(order.status)) continue;
        orders.delete(order.id);
        returnStock(tables, order);
      }
      for (const review of reviews.values()) if (review.userId === id) review.userId = null;
      return true;
    },
    async findProfile(userId) {
      return copyOrNull(profiles.get(userId));
    },
    async saveProfile(profile) {
      profiles.set(profile.userId, copy(profile));
      return copy(profile);
    },
  };
}
