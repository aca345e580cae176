import type { InspectImage } from '#domain/images/image-store.ts';

/**
 * Checks an uploaded raster image before it is kept: its header must give pixel dimensions no
 * larger than MAX_IMAGE_PIXELS (a file under 1 MB may still claim gigapixels), and the whole image
 * must decode (a truncated file would otherwise fail, slowly, on every resize). Decoding happens
 * once here, at upload, by the person uploading, never on an anonymous page view.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;


/** sharp (libvips) is loaded on first use, as in resize.ts. */
const loadSharp = async () => (await import('sharp')).default;

export const inspectRasterImage: InspectImage = async (bytes) => {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only: the dimensions are known before a single pixel is decoded.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    return 'undecodable';
  }
  if (!width || !height) return 'undecodable';
  if (width * height > MAX_IMAGE_PIXELS) return 'too-many-pixels';
  try {
    // A full decode, streamed into a tiny thumbnail so memory stays small; a truncated or
    // corrupt file fails here.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' }).resize({ width: 16 }).png().toBuffer();
  } catch {
    return 'undecodable';
  }
  return null;
};
