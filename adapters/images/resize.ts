/**
 * Resized WebP variants of the local-disk image store's raster images, so product cards never
 * download more pixels than they show. A variant is made on first request and kept next to the
 * original (`<name>.w320.webp`); originals are immutable (random names), so a kept variant never
 * goes stale.
 */
import { access, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_WIDTHS, isImageWidth, type ImageWidth } from '#domain/images/image-store.ts';
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

/**
 * Kept next to an original that could not be resized, so no later request (nor a restarted
 * server) decodes it again: a bad file costs one decode, not one per page view.
 */
export const unreadableMarkerName = (name: string) => `${name}.unreadable`;

export const createLocalImageFiles = (options: { dir: string }) => {
  // Two requests for the same new variant share one sharp run.
  const inFlight = new Map<string, Promise<string | null>>();
  // Originals known not to resize (also remembered on disk by a marker file).
  const unreadable = new Set<string>();

  const rememberUnreadable = async (name: string) => {
    unreadable.add(name);
    await writeFile(join(options.dir, unreadableMarkerName(name)), '').catch(() => undefined);
  };

  const make = async (name: string, width: ImageWidth): Promise<string | null> => {
    const source = join(options.dir, name);
    const target = join(options.dir, variantName(name, width));
    if (await exists(target)) return target;
    if (!(await exists(source))) return null;
    if (await exists(join(options.dir, unreadableMarkerName(name)))) {
      unreadable.add(name);
      return null;
    }
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
      await rememberUnreadable(name);
      return null;
    }
  };

  const resized = async (name: string, width: number): Promise<string | null> => {
    if (!STORED_IMAGE_NAME.test(name) || !RASTER.test(name) || !isImageWidth(width)) return null;
    if (unreadable.has(name)) return null;
    const key = variantName(name, width);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = make(name, width).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    dir: options.dir,
    isStoredName: (name: string) => STORED_IMAGE_NAME.test(name),
    /** Null for SVGs (served as they are), unknown names, missing files and unreadable images. */
    resized,
    /**
     * Builds every width of a new upload once, right after it is saved, so page views only ever
     * read stored variants. One after another: an upload never takes more than one core.
     */
    async prepare(name: string): Promise<void> {
      for (const width of IMAGE_WIDTHS) {
        if ((await resized(name, width)) === null) return;
      }
    },
  };
};
