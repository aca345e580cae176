import { describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { createMemoryStore } from './memory-store.ts';

describeStoreContract('memory', async () => {
  const store = createMemoryStore();
  return { store, cleanup: () => store.close() };
});

describe('memory store close', () => {
  it('stops answering pings once closed', async () => {
    const store = createMemoryStore();
    await store.close();
    await expect(store.ping()).rejects.toThrow(/closed/);
  });
});
