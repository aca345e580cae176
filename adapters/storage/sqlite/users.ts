import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { UserRepository } from '#domain/identity/user-repository.ts';
import { toPage } from '../page-cursor.ts';
import { unpaidOf } from '../order-queries.ts';
import type { CatalogWrites } from '../catalog-writes.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { mailQueuer } from './outbox.ts';
import { orderLines, orders, products, profiles, users } from './schema.ts';

export function createSqliteUsers(db: SqliteConnection, catalog: CatalogWrites): UserRepository {
  const recordAudit = auditRecorder(db);
  const queueMail = mailQueuer(db);
  // Prepared once: every signed-in request reads its user by id.
  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
  const newestFirst = newestFirstReader(() => db.select().from(users).$dynamic(), { createdAt: users.createdAt, key: users.id });
  const update = (id: string, changes: { [K in keyof typeof users.$inferInsert]?: (typeof users.$inferInsert)[K] | SQL }) =>
    db.update(users).set(changes).where(eq(users.id, id)).returning().get() ?? null;

  return {
    async create(user, mail) {
      return db.transaction((tx) => {
        // DO NOTHING covers both the id and the lower(email) unique index.
        const created = tx.insert(users).values(user).onConflictDoNothing().returning().get() ?? null;
        if (created && mail) queueMail(mail, created.id, created.createdAt);
        return created;
      });
    },
    async findById(id) {
      return userById.get({ id }) ?? null;
    },
    async findByEmail(email) {
      return db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).get() ?? null;
    },
    async list(page) {
      return toPage(newestFirst(page), page.limit);
    },
    async adminEmails() {
      return db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.email).all().map(({ email }) => email);
    },
    async removeAdmin(id, { otherAdminsAtLeast }, audit) {
      // IMMEDIATE: the count the domain's condition asks for (manage-users.ts) and the change
      // happen with nobody else writing in between.
      return db.transaction(
        (tx) => {
          const target = tx.select({ role: users.role }).from(users).where(eq(users.id, id)).get();
          if (target?.role !== 'admin') return null;
          const others = tx.select({ count: sql<number>`count(*)` }).from(users).where(and(eq(users.role, 'admin'), ne(users.id, id))).get()?.count ?? 0;
          if (others < otherAdminsAtLeast) return 'too-few-admins' as const;
          const removed = tx.update(users).set({ role: 'customer', sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, id)).returning().get() ?? null;
          if (removed) recordAudit(audit, { role: removed.role });
          return removed;
        },
        { behavior: 'immediate' },
      );
    },
    async setRole(id, role, audit) {
      return db.transaction((): ReturnType<typeof update> => {
        const changed = update(id, { role, sessionVersion: sql`${users.sessionVersion} + 1` });
        if (changed) recordAudit(audit, { role });
        return changed;
      });
    },
    async replacePassword(id, passwordHash, expectedVersion) {
      return (
        db
          .update(users)
          .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(and(eq(users.id, id), eq(users.sessionVersion, expectedVersion)))
          .returning()
          .get() ?? null
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
      return db.transaction(
        (tx) => {
          if (tx.delete(users).where(eq(users.id, id)).run().changes === 0) return false;
          recordAudit(audit);
          const unpaid = unpaidOf(orders, id);
          // The lines go with their orders (ON DELETE CASCADE): read them first.
          const lines = tx
            .select({ productId: orderLines.productId, quantity: orderLines.quantity })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(unpaid)
            .all();
          tx.delete(orders).where(unpaid).run();
          for (const { productId, quantity } of lines) {
            if (productId === null) continue;
            tx.update(products).set({ stock: sql`${products.stock} + ${quantity}` }).where(eq(products.id, productId)).run();
          }
          return catalog.changed(true);
        },
        { behavior: 'immediate' },
      );
    },
    async findProfile(userId) {
      return db.select().from(profiles).where(eq(profiles.userId, userId)).get() ?? null;
    },
    async saveProfile(profile) {
      const { userId: _userId, ...fields } = profile;
      return db.insert(profiles).values(profile).onConflictDoUpdate({ target: profiles.userId, set: fields }).returning().get();
    },
  };
}
