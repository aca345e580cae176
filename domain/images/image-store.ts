export const MAX_IMAGE_BYTES = 1_000_000;

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

/** Where uploaded images live; files are named by the store, never by the uploader. */
export interface ImageStore {
  save(bytes: Uint8Array, type: ImageType): Promise<{ url: string }>;
}
