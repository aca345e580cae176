import { detectImageType } from '#domain/images/detect-image-type.ts';
import { MAX_IMAGE_BYTES, type ImageType } from '#domain/images/image-store.ts';
import { messages } from '../../lib/messages.ts';

/** A file the user chose, with its type decided from its first bytes (the server's own rule). */
export interface PickedImage {
  file: File;
  type: ImageType | null;
}

/** Reads only the head of the file: enough for every signature, cheap for a large mistake. */
export const pickImage = async (file: File): Promise<PickedImage> => ({
  file,
  type: detectImageType(new Uint8Array(await file.slice(0, 4096).arrayBuffer())),
});

/**
 * What is wrong with the chosen image before anything is uploaded: nothing chosen (only a problem
 * when there is no current photo to keep), 1,000,000 bytes or more, or not an image we accept.
 */
/** What is wrong with a picked photo; none picked is fine (the photo is optional). */
export const imageProblem = (picked: PickedImage | null): string | undefined => {
  if (!picked) return undefined;
  if (picked.file.size >= MAX_IMAGE_BYTES) return messages.imageTooLarge;
  if (!picked.type) return messages.imageUnsupported;
  return undefined;
};

/** A data: URL for the preview (FileReader, so it works wherever File does). */
export const previewOf = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
