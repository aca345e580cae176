import { eq } from 'drizzle-orm';
import type { ReviewRepository } from '#domain/content/content-repository.ts';
import { toPage } from '../page-cursor.ts';
import type { SqliteDb } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { reviews } from './schema.ts';

export function createSqliteReviews(db: SqliteDb): ReviewRepository {
  const newestFirst = newestFirstReader(() => db.select().from(reviews).$dynamic(), { createdAt: reviews.createdAt, key: reviews.id });
  return {
    async create(review) {
      return db.insert(reviews).values(review).returning().get();
    },
    async list(page) {
      return toPage(newestFirst(page), page.limit);
    },
    async delete(id) {
      return db.delete(reviews).where(eq(reviews.id, id)).run().changes > 0;
    },
  };
}
