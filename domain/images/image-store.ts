export const MAX_IMAGE_BYTES = 1_000_000;

/**
 * The widths raster uploads are also served at (`?w=`, as WebP), so that cards and thumbnails
 * never download more pixels than they show: card, wide card or detail, large detail.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

/** Where uploaded images live; files are named by the store, never by the uploader. */
export interface ImageStore {
  save(bytes: Uint8Array, type: ImageType): Promise<{ url: string }>;
  /**
   * Whether `url` is an image the shop serves (one this store can have saved, or a bundled demo
   * picture): what a customer's review may show, never an arbitrary off-site URL such as a
   * tracking pixel.
   */
  serves(url: string): boolean;
}

/** Why an uploaded raster image is refused: more pixels than the limit, or it does not decode. */
export type ImageProblem = 'too-many-pixels' | 'undecodable';

/** Checks a raster upload before it is kept (adapters/images/inspect-image.ts); null when it is fine. */
export type InspectImage = (bytes: Uint8Array) => Promise<ImageProblem | null>;

/** The web app's bundled demo pictures (products, avatars, reviews). */
export const DEMO_IMAGE_PATH = /^\/demo\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/;
