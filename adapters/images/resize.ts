/**
 * Resized WebP variants of the local-disk image store's raster images, so product cards never
 * download more pixels than they show. A variant is made on first request and kept next to the
 * original (`<name>.w320.webp`); originals are immutable (random names), so a kept variant never
 * goes stale.
 */
import { access, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isImageWidth, type ImageWidth } from '#domain/images/image-store.ts';
import { STORED_IMAGE_NAME } from './local-disk-image-store.ts';


/** Refuses decompression bombs: an upload under 1 MB may still claim gigapixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const RASTER = /\.(png|jpg|gif|webp)$/;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** sharp (libvips) costs about 16 MB of resident memory: loaded on the first resize, not at start. */
const loadSharp = async () => (await import('sharp')).default;

export const variantName = (name: string, width: number) => `${name}.w${width}.webp`;

export const createLocalImageFiles = (options: { dir: string }) => {
  // Two requests for the same new variant share one sharp run.
  const inFlight = new Map<string, Promise<string | null>>();

  const make = async (name: string, width: ImageWidth): Promise<string | null> => {
    const source = join(options.dir, name);
    const target = join(options.dir, variantName(name, width));
    if (await exists(target)) return target;
    if (!(await exists(source))) return null;
    // Written under a temporary name and renamed, so a crash never leaves a half file to serve.
    const partial = `${target}.${process.pid}.partial`;
    try {
      const sharp = await loadSharp();
      await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate() // honour EXIF orientation before dropping the metadata
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(partial);
      await rename(partial, target);
      return target;
    } catch {
      await unlink(partial).catch(() => undefined);
      return null;
    }
  };

  return {
    dir: options.dir,
    /** Null for SVGs (served as they are), unknown names, missing files and unreadable images. */
    async resized(name: string, width: number): Promise<string | null> {
      if (!STORED_IMAGE_NAME.test(name) || !RASTER.test(name) || !isImageWidth(width)) return null;
      const key = variantName(name, width);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = make(name, width).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
};
