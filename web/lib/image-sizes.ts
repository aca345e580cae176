import { IMAGE_WIDTHS } from '#domain/images/image-store.ts';

// The server resizes raster uploads to IMAGE_WIDTHS (`/uploads/<name>?w=…`, WebP); SVGs, demo
// images under /images and remote hosts are served as they are.

const resizable = (url: string) => url.startsWith('/uploads/') && !url.includes('?') && !url.endsWith('.svg');

/**
 * `src`/`srcSet` for an image shown at most `shownWidth` CSS pixels wide: the browser then picks
 * the smallest variant that covers the slot at its pixel density, so a card never downloads more
 * pixels than it shows. `sizes` describes the slot, as for <img sizes>.
 */
export const responsiveImage = (url: string, sizes: string) => {
  if (!resizable(url)) return { src: url };
  return {
    src: `${url}?w=${IMAGE_WIDTHS[1]}`,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
    sizes,
  };
};

/** A small fixed-size thumbnail (avatars, table rows): the smallest variant is always enough. */
export const thumbnailImage = (url: string) => (resizable(url) ? `${url}?w=${IMAGE_WIDTHS[0]}` : url);
