import { DEMO_IMAGE_PATH, type ImageStore } from '#domain/images/image-store.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';

/**
 * The remote image host (imgbb's upload API; README.md, "Configuration": IMAGE_HOST_KEY): for several app instances without shared disk.
 * The key stays on the server; browsers upload to us, we forward.
 */
export const createImageHostStore = (options: {
  key: string;
  endpoint?: string;
  fetch?: typeof fetch;
}): ImageStore => {
  const endpoint = options.endpoint ?? 'https://api.imgbb.com/1/upload';
  const send = options.fetch ?? fetch;
  // imgbb serves its images from i.ibb.co; another endpoint (a self-hosted or fake host) from its own origin.
  const servedOrigin = options.endpoint ? new URL(options.endpoint).origin : 'https://i.ibb.co';
  return {
    serves(url) {
      return DEMO_IMAGE_PATH.test(url) || (URL.canParse(url) && new URL(url).origin === servedOrigin);
    },
    async save(bytes, type) {
      const form = new FormData();
      form.set('image', new Blob([bytes as Uint8Array<ArrayBuffer>]), `upload.${type === 'jpeg' ? 'jpg' : type}`);
      const url = new URL(endpoint);
      url.searchParams.set('key', options.key);
      // Unreachable, timed out or refusing: the host's trouble (our bytes are already checked).
      const unavailable = (cause: unknown) => new ServiceUnavailableError('images', { cause });
      const response = await send(url, { method: 'POST', body: form, signal: AbortSignal.timeout(20_000) }).catch((error: unknown) => {
        throw unavailable(error);
      });
      const body = (await response.json().catch(() => null)) as {
        success?: boolean;
        data?: { url?: string };
        error?: { message?: string };
      } | null;
      if (!response.ok || !body?.success || typeof body.data?.url !== 'string') {
        throw unavailable(new Error(`image host refused the upload (${response.status}): ${body?.error?.message ?? 'no message'}`));
      }
      return { url: body.data.url };
    },
  };
};
