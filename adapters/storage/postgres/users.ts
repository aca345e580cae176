import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { UserRepository } from '#domain/identity/user-repository.ts';
import { toPage } from '../page-cursor.ts';
import { unpaidOf } from '../order-queries.ts';
import { recordAudit } from './audit.ts';
import { firstRow, insertedRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { queueMail } from './outbox.ts';
import { returnStockInIdOrder } from './return-stock.ts';
import { orderLines, orders, profiles, users } from './schema.ts';

export function createPgUsers(db: PgDb): UserRepository {
  const update = (id: string, changes: { [K in keyof typeof users.$inferInsert]?: (typeof users.$inferInsert)[K] | SQL }) =>
    firstRow(db.update(users).set(changes).where(eq(users.id, id)).returning());

  return {
    async create(user, mail) {
      return db.transaction(async (tx) => {
        // DO NOTHING covers both the id and the lower(email) unique index.
        const created = await firstRow(tx.insert(users).values(user).onConflictDoNothing().returning());
        if (created && mail) await queueMail(tx, mail, created.id, created.createdAt);
        return created;
      });
    },
    async findById(id) {
      return firstRow(db.select().from(users).where(eq(users.id, id)));
    },
    async findByEmail(email) {
      return firstRow(db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`));
    },
    async list(page) {
      const query = newestFirst(db.select().from(users).$dynamic(), { createdAt: users.createdAt, key: users.id }, page);
      return toPage(await query, page.limit);
    },
    async adminEmails() {
      // COLLATE "C": the same byte order as the other stores whatever the database's locale.
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(sql`${users.email} COLLATE "C"`);
      return rows.map(({ email }) => email);
    },
    async removeAdmin(id, { otherAdminsAtLeast }, audit) {
      return db.transaction(async (tx) => {
        // Locks every admin row: two removals at once take turns, and the second counts with the
        // first done, for the domain's condition (manage-users.ts).
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
        if (!admins.some((admin) => admin.id === id)) return null;
        if (admins.filter((admin) => admin.id !== id).length < otherAdminsAtLeast) return 'too-few-admins' as const;
        const removed = await firstRow(tx.update(users).set({ role: 'customer', sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, id)).returning());
        if (removed) await recordAudit(tx, audit, { role: removed.role });
        return removed;
      });
    },
    async setRole(id, role, audit) {
      return db.transaction(async (tx) => {
        const changed = await firstRow(tx.update(users).set({ role, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, id)).returning());
        if (changed) await recordAudit(tx, audit, { role });
        return changed;
      });
    },
    async replacePassword(id, passwordHash, expectedVersion) {
      return firstRow(
        db
          .update(users)
          .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(and(eq(users.id, id), eq(users.sessionVersion, expectedVersion)))
          .returning(),
      );
    },
    async setEmailVerified(id) {
      return update(id, { emailVerified: true });
    },
    async adoptForVerifiedOwner(id) {
      return update(id, { passwordHash: null, emailVerified: true, sessionVersion: sql`${users.sessionVersion} + 1` });
    },
    async bumpSessionVersion(id) {
      return update(id, { sessionVersion: sql`${users.sessionVersion} + 1` });
    },
    async delete(id, audit) {
      // Profiles cascade, reviews are set null, paid orders have no foreign key and keep the id;
      // unpaid ones go, their units back on the shelf, in the same transaction.
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        if (deleted.length === 0) return false;
        await recordAudit(tx, audit);
        const unpaid = unpaidOf(orders, id);
        // The orders are held, their units go back, and only then are they deleted (their lines
        // cascade): products before status counters, as placing an order takes them (orders.ts).
        await tx.select({ id: orders.id }).from(orders).where(unpaid).for('update');
        const lines = await tx
          .select({ productId: orderLines.productId, quantity: orderLines.quantity })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(unpaid);
        await returnStockInIdOrder(tx, lines);
        await tx.delete(orders).where(unpaid);
        return true;
      });
    },
    async findProfile(userId) {
      return firstRow(db.select().from(profiles).where(eq(profiles.userId, userId)));
    },
    async saveProfile(profile) {
      const { userId: _userId, ...fields } = profile;
      return insertedRow(
        db.insert(profiles).values(profile).onConflictDoUpdate({ target: profiles.userId, set: fields }).returning(),
        'profile',
      );
    },
  };
}
