import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeImageHost } from './fake-image-host.ts';
import { createImageHostStore } from './image-host-store.ts';

describe('image host store against a local fake of the host', () => {
  let host: Awaited<ReturnType<typeof startFakeImageHost>>;
  beforeAll(async () => {
    host = await startFakeImageHost({ key: 'secret-key' });
  });
  afterAll(() => host.close());

  it('uploads the bytes and returns the URL the host gives, which serves them', async () => {
    const store = createImageHostStore({ key: 'secret-key', endpoint: host.endpoint });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);
    const { url } = await store.save(bytes, 'png');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\//);
    const served = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(served).toEqual(bytes);
  });

  it('fails loudly with the host message when the key is wrong', async () => {
    const store = createImageHostStore({ key: 'wrong', endpoint: host.endpoint });
    await expect(store.save(new Uint8Array([1]), 'gif')).rejects.toThrow(/Invalid API v1 key/);
  });
});
