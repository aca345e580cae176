import { LRUCache } from 'lru-cache';
import type { Cents } from '#domain/shared/money.ts';

/**
 * Each company's contract prices as this instance last read them, with the price version they were
 * read under (docs/companies.md, "Company prices"). A member's priced request reads the version
 * with their membership in one indexed read and re-reads the prices only when it has moved; the
 * version lives in the database, so a replacement made by any instance is seen by all of them.
 * Bounded: past `limit` companies the least recently used is forgotten (and read again if needed).
 */
export interface ContractPriceCache {
  get(companyId: string, version: number): ReadonlyMap<string, Cents> | undefined;
  set(companyId: string, version: number, prices: ReadonlyMap<string, Cents>): void;
}

export const CONTRACT_PRICE_CACHE_COMPANIES = 1_000;

export function createContractPriceCache(limit = CONTRACT_PRICE_CACHE_COMPANIES): ContractPriceCache {
  const kept = new LRUCache<string, { version: number; prices: ReadonlyMap<string, Cents> }>({ max: limit });
  return {
    get(companyId, version) {
      const entry = kept.get(companyId);
      return entry && entry.version === version ? entry.prices : undefined;
    },
    set(companyId, version, prices) {
      kept.set(companyId, { version, prices });
    },
  };
}
