import { describe, expect, it } from 'vitest';
import { detectImageType } from './detect-image-type.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectImageType', () => {
  it('recognises each supported format by its signature', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectImageType(text('GIF89a....'))).toBe('gif');
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(detectImageType(text('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
  });

  it('refuses text and other files whatever they are called', () => {
    expect(detectImageType(text('just some text pretending to be a .png'))).toBeNull();
    expect(detectImageType(text('<html><svg></svg></html>'))).toBeNull();
    expect(detectImageType(bytes(0x25, 0x50, 0x44, 0x46))).toBeNull(); // %PDF
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
