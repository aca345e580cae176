import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../storage/sqlite/sqlite-store.ts';
import { sweepUnreferencedUploads, UNREFERENCED_UPLOAD_TTL_MS } from './sweep-uploads.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const name = (letter: string) => `${letter.repeat(32)}.png`;

describe('sweeping unreferenced uploads', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-sweep-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const put = async (file: string, ageMs: number) => {
    await writeFile(join(dir, file), 'x');
    const at = new Date(NOW.getTime() - ageMs);
    await utimes(join(dir, file), at, at);
  };

  it('deletes uploads older than a day that nothing shows, with their variants; keeps used and young ones', async () => {
    const storage = openSqliteStorage(join(dir, 'shop.db'));
    try {
      await storage.repositories.reviews.create({
        id: 'r1',
        userId: null,
        name: 'Grace',
        imageUrl: `/uploads/${name('a')}`,
        country: 'USA',
        rating: 5,
        comment: 'Fast delivery',
        createdAt: NOW,
      });
      const dayAndMore = UNREFERENCED_UPLOAD_TTL_MS + 60_000;
      await put(name('a'), dayAndMore); // a review's picture
      await put(name('b'), dayAndMore); // nobody's
      await put(`${name('b')}.w320.webp`, dayAndMore);
      await put(`${name('b')}.unreadable`, dayAndMore);
      await put(name('c'), UNREFERENCED_UPLOAD_TTL_MS - 60_000); // picked in a form an hour ago
      await put('bulkhead.db-notes.txt', dayAndMore); // not an upload name: never touched
      const deleted = await sweepUnreferencedUploads({
        dir,
        urlPrefix: '/uploads',
        imagesInUse: (urls) => storage.imagesInUse(urls),
        now: () => NOW,
      });
      expect(deleted).toEqual([name('b')]);
      const left = await readdir(dir);
      expect(left).toEqual(expect.arrayContaining([name('a'), name('c'), 'bulkhead.db-notes.txt']));
      expect(left.filter((file) => file.startsWith(name('b')))).toEqual([]);
    } finally {
      await storage.lifecycle.close();
    }
  });
});
