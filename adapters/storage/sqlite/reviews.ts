import { eq } from 'drizzle-orm';
import type { ReviewRepository } from '#domain/content/content-repository.ts';
import { toPage } from '../page-cursor.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { reviews } from './schema.ts';

export function createSqliteReviews(db: SqliteConnection): ReviewRepository {
  const recordAudit = auditRecorder(db);
  const newestFirst = newestFirstReader(() => db.select().from(reviews).$dynamic(), { createdAt: reviews.createdAt, key: reviews.id });
  return {
    async create(review) {
      return db.insert(reviews).values(review).returning().get();
    },
    async list(page) {
      return toPage(newestFirst(page), page.limit);
    },
    async delete(id, audit) {
      return db.transaction((tx) => {
        const removed = tx.delete(reviews).where(eq(reviews.id, id)).returning().get();
        if (!removed) return false;
        if (audit) recordAudit({ ...audit, summary: `Removed the review by ${removed.name}`, before: removed });
        return true;
      });
    },
  };
}
