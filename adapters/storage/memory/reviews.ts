import type { ReviewRepository } from '#domain/content/content-repository.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { recordAudit } from './audit.ts';
import { copy, type MemoryTables } from './tables.ts';

export function createMemoryReviews(tables: MemoryTables): ReviewRepository {
  const { reviews } = tables;
  return {
    async create(review) {
      reviews.set(review.id, copy(review));
      return copy(review);
    },
    async list(page) {
      return newestFirst(reviews.values(), page, byId);
    },
    async delete(id, audit) {
      const review = reviews.get(id);
      if (!review || !reviews.delete(id)) return false;
      if (audit) recordAudit(tables, { ...audit, summary: `Removed the review by ${review.name}`, before: review });
      return true;
    },
  };
}
