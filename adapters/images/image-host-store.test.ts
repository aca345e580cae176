import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { startFakeImageHost } from './fake-image-host.ts';
import { describeImageStoreContract } from './image-store.contract.ts';
import { createImageHostStore } from './image-host-store.ts';

describeImageStoreContract('image host against its fake', async () => {
  const host = await startFakeImageHost({ key: 'secret-key' });
  return {
    store: createImageHostStore({ key: 'secret-key', endpoint: host.endpoint }),
    // A browser loads the host's URL directly; so does the test.
    async read(url) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`the host answered ${response.status} for ${url}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    // Nothing listens on the discard port.
    broken: () => createImageHostStore({ key: 'secret-key', endpoint: 'http://127.0.0.1:9/1/upload' }),
    cleanup: () => host.close(),
  };
});

describe('image host store against a local fake of the host', () => {
  let host: Awaited<ReturnType<typeof startFakeImageHost>>;
  beforeAll(async () => {
    host = await startFakeImageHost({ key: 'secret-key' });
  });
  afterAll(() => host.close());

  it('returns the URL the host gives', async () => {
    const store = createImageHostStore({ key: 'secret-key', endpoint: host.endpoint });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);
    const { url } = await store.save(bytes, 'png');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\//);
  });

  it('reports the host unavailable, keeping its message as the cause, when it refuses (a wrong key)', async () => {
    const store = createImageHostStore({ key: 'wrong', endpoint: host.endpoint });
    const failure = await store.save(new Uint8Array([1]), 'gif').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ service: 'images' });
    expect(String((failure as Error).cause)).toMatch(/Invalid API v1 key/);
  });

  it('reports the host unavailable when nothing answers', async () => {
    const store = createImageHostStore({ key: 'k', endpoint: 'http://127.0.0.1:9/1/upload' });
    await expect(store.save(new Uint8Array([1]), 'gif')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
