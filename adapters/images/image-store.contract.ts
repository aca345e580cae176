import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageStore, ImageType } from '#domain/images/image-store.ts';

export interface ImageStoreFixture {
  store: ImageStore;
  /** Reads back what a URL from `store.save` serves (from the disk, or over HTTP from a host). */
  read(url: string): Promise<Uint8Array>;
  /** The same adapter with the service behind it failing (a disk it cannot write, a host that is down). */
  broken(): ImageStore;
  cleanup(): Promise<void>;
}

export type OpenImageStore = () => Promise<ImageStoreFixture>;

const TYPES: ImageType[] = ['png', 'jpeg', 'gif', 'webp', 'svg'];

/**
 * The one behaviour every ImageStore adapter must show; the local disk and the image host (against
 * its fake) run it unchanged, each test in a fresh store.
 */
export function describeImageStoreContract(name: string, open: OpenImageStore): void {
  describe(`ImageStore contract: ${name}`, () => {
    let fixture: ImageStoreFixture;

    beforeEach(async () => {
      fixture = await open();
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it.each(TYPES)('saves %s bytes and serves the same bytes at the returned URL', async (type) => {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, TYPES.indexOf(type)]);
      const { url } = await fixture.store.save(bytes, type);
      expect(typeof url).toBe('string');
      expect(await fixture.read(url)).toEqual(bytes);
    });

    it('gives every save its own URL, even for the same bytes, and never overwrites', async () => {
      const first = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
      const second = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
      const a = await fixture.store.save(first, 'png');
      const b = await fixture.store.save(second, 'png');
      expect(b.url).not.toBe(a.url);
      const other = await fixture.store.save(new Uint8Array([0x47, 0x49, 0x46, 9]), 'gif');
      expect(other.url).not.toBe(a.url);
      expect(await fixture.read(a.url)).toEqual(first);
      expect(await fixture.read(b.url)).toEqual(second);
    });

    // The port promises a URL only for stored bytes: when the service behind fails, save rejects
    // (what it rejects with is the adapter's: the image host's ServiceUnavailableError, say).
    it('rejects, giving no URL, when the service behind it fails', async () => {
      await expect(fixture.broken().save(new Uint8Array([1, 2, 3]), 'png')).rejects.toBeInstanceOf(Error);
    });
  });
}
