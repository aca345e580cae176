import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_IMAGE_PATH, type ImageStore, type ImageType } from '#domain/images/image-store.ts';

const EXTENSIONS: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp', svg: 'svg' };

/**
 * Images on local disk under `dir`, served by the HTTP layer at `urlPrefix`. Names are random
 * (never the uploader's), so a URL cannot be guessed and files never collide or overwrite.
 */
export const createLocalDiskImageStore = (options: { dir: string; urlPrefix?: string }): ImageStore => {
  const prefix = options.urlPrefix ?? '/uploads';
  return {
    async save(bytes, type) {
      await mkdir(options.dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
      await writeFile(join(options.dir, name), bytes, { flag: 'wx' });
      return { url: `${prefix}/${name}` };
    },
    serves(url) {
      if (DEMO_IMAGE_PATH.test(url)) return true;
      return url.startsWith(`${prefix}/`) && STORED_IMAGE_NAME.test(url.slice(prefix.length + 1));
    },
  };
};

/** File names the store can have produced; anything else under the prefix is a 404. */
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp|svg)$/;
