import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeImageStoreContract } from './image-store.contract.ts';
import { createLocalDiskImageStore, STORED_IMAGE_NAME } from './local-disk-image-store.ts';

describeImageStoreContract('local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'bulkhead-images-'));
  const dir = join(root, 'uploads');
  const prefix = '/uploads/';
  // A plain file where the upload folder should be: the disk refuses every write under it.
  const blocked = join(root, 'not-a-folder');
  await writeFile(blocked, 'x');
  return {
    store: createLocalDiskImageStore({ dir }),
    // The HTTP layer serves `/uploads/<name>` straight from the folder; the test reads the file.
    async read(url) {
      if (!url.startsWith(prefix)) throw new Error(`not a local upload URL: ${url}`);
      return new Uint8Array(await readFile(join(dir, url.slice(prefix.length))));
    },
    broken: () => createLocalDiskImageStore({ dir: join(blocked, 'uploads') }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local disk image store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-images-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names files itself under the URL prefix, with names the upload route accepts', async () => {
    const store = createLocalDiskImageStore({ dir: join(dir, 'uploads') });
    const first = await store.save(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 'png');
    expect(first.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const name = first.url.split('/').pop()!;
    expect(name).toMatch(STORED_IMAGE_NAME);
  });

  it('uses the jpg extension for JPEG', async () => {
    const store = createLocalDiskImageStore({ dir, urlPrefix: '/files' });
    expect((await store.save(new Uint8Array([0xff, 0xd8, 0xff]), 'jpeg')).url).toMatch(/^\/files\/[a-f0-9]{32}\.jpg$/);
  });
});
