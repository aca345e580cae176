/** The forms' shared call: the image upload of Add Product, Edit Product, Add Review and Edit Profile. */
import type { UploadDto } from '#http/dto.ts';
import { request } from '../../lib/api.ts';
import { StepFailed } from './server-refusal.ts';

/** POST /api/uploads for a form: the stored image's URL; a refusal is the image field's (StepFailed). */
export const uploadChosenImage = async (file: File): Promise<string> => {
  try {
    // The image as the multipart field `image`; the server answers its URL.
    const form = new FormData();
    form.append('image', file);
    return (await request<UploadDto>('/api/uploads', { method: 'POST', body: form, signedIn: true })).url;
  } catch (error) {
    throw new StepFailed('image', error);
  }
};
