import { describe, expect, it } from 'vitest';
import { responsiveImage, thumbnailImage } from './image-sizes.ts';

describe('image sizes', () => {
  it('offers the resized variants of a raster upload', () => {
    expect(responsiveImage('/uploads/abc.png', '100vw')).toEqual({
      src: '/uploads/abc.png?w=640',
      srcSet: '/uploads/abc.png?w=320 320w, /uploads/abc.png?w=640 640w, /uploads/abc.png?w=960 960w',
      sizes: '100vw',
    });
    expect(thumbnailImage('/uploads/abc.jpg')).toBe('/uploads/abc.jpg?w=320');
  });

  it('leaves SVGs, demo images and remote hosts alone', () => {
    for (const url of ['/uploads/abc.svg', '/images/products/drill.svg', 'https://i.ibb.co/x/y.png']) {
      expect(responsiveImage(url, '100vw')).toEqual({ src: url });
      expect(thumbnailImage(url)).toBe(url);
    }
  });
});
