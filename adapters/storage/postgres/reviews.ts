import { eq } from 'drizzle-orm';
import type { ReviewRepository } from '#domain/content/content-repository.ts';
import { toPage } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { insertedRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { reviews } from './schema.ts';

export function createPgReviews(db: PgDb): ReviewRepository {
  return {
    async create(review) {
      return insertedRow(db.insert(reviews).values(review).returning(), 'review');
    },
    async list(page) {
      const query = newestFirst(db.select().from(reviews).$dynamic(), { createdAt: reviews.createdAt, key: reviews.id }, page);
      return toPage(await query, page.limit);
    },
    async delete(id, audit) {
      return db.transaction(async (tx) => {
        const [removed] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
        if (!removed) return false;
        if (audit) await recordAudit(tx, { ...audit, summary: `Removed the review by ${removed.name}`, before: removed });
        return true;
      });
    },
  };
}
