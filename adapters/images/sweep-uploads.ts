/**
 * Deletes uploads nobody uses: an image uploaded but never saved on a product, profile or review
 * (or replaced since) would otherwise stay on disk for ever. A file is kept for a day after its
 * upload, so an image picked in a form that is not yet saved is never swept from under it.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { STORED_IMAGE_NAME } from './local-disk-image-store.ts';

export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export interface UploadSweep {
  dir: string;
  /** Where the files are served: a stored URL is `${urlPrefix}/${name}`. */
  urlPrefix: string;
  /** Which of these URLs a product, profile, review or order still shows (the storage answers). */
  imagesInUse(urls: readonly string[]): Promise<Set<string>>;
  now(): Date;
}

/** Deletes unreferenced uploads older than a day with their resized variants; returns their names. */
export const sweepUnreferencedUploads = async (sweep: UploadSweep): Promise<string[]> => {
  const files = await readdir(sweep.dir).catch(() => [] as string[]);
  const cutoff = sweep.now().getTime() - UNREFERENCED_UPLOAD_TTL_MS;
  const old: string[] = [];
  for (const name of files.filter((file) => STORED_IMAGE_NAME.test(file))) {
    const info = await stat(join(sweep.dir, name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) old.push(name);
  }
  if (old.length === 0) return [];
  const inUse = await sweep.imagesInUse(old.map((name) => `${sweep.urlPrefix}/${name}`));
  const unused = old.filter((name) => !inUse.has(`${sweep.urlPrefix}/${name}`));
  for (const name of unused) {
    // Its variants and failure marker go with it (they are named after the original).
    for (const file of files.filter((other) => other === name || other.startsWith(`${name}.`))) {
      await unlink(join(sweep.dir, file)).catch(() => undefined);
    }
  }
  return unused;
};
