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
}
