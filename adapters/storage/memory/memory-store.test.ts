import { describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { createMemoryStorage } from './memory-store.ts';

describeStoreContract('memory', async () => {
  const storage = createMemoryStorage();
  return { storage, cleanup: () => storage.lifecycle.close() };
});

describe('memory store close', () => {
  it('stops answering pings once closed', async () => {
    const { lifecycle } = createMemoryStorage();
    await lifecycle.close();
    await expect(lifecycle.ping()).rejects.toThrow(/closed/);
  });
});
