import type { ReviewRepository } from '#domain/content/content-repository.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { copy, type MemoryTables } from './tables.ts';

export function createMemoryReviews({ reviews }: MemoryTables): ReviewRepository {
  return {
    async create(review) {
      reviews.set(review.id, copy(review));
      return copy(review);
    },
    async list(page) {
      return newestFirst(reviews.values(), page, byId);
    },
    async delete(id) {
      return reviews.delete(id);
    },
  };
}
