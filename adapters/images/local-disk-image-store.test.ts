import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskImageStore, STORED_IMAGE_NAME } from './local-disk-image-store.ts';

describe('local disk image store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-images-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names files itself, keeps the bytes, and never reuses a name', async () => {
    const store = createLocalDiskImageStore({ dir: join(dir, 'uploads') });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const first = await store.save(png, 'png');
    const second = await store.save(png, 'png');
    expect(first.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(second.url).not.toBe(first.url);
    const name = first.url.split('/').pop()!;
    expect(name).toMatch(STORED_IMAGE_NAME);
    expect(new Uint8Array(await readFile(join(dir, 'uploads', name)))).toEqual(png);
  });

  it('uses the jpg extension for JPEG', async () => {
    const store = createLocalDiskImageStore({ dir, urlPrefix: '/files' });
    expect((await store.save(new Uint8Array([0xff, 0xd8, 0xff]), 'jpeg')).url).toMatch(/^\/files\/[a-f0-9]{32}\.jpg$/);
  });
});
