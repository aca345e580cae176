import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageFiles, unreadableMarkerName, variantName } from './resize.ts';

const NAME = `${'a'.repeat(32)}.png`;

describe('resized variants of local images', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-resize-'));
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366cc' } }).png().toBuffer();
    await writeFile(join(dir, NAME), png);
    await writeFile(join(dir, `${'b'.repeat(32)}.svg`), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dir, `${'c'.repeat(32)}.png`), 'not really a png');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a WebP no wider than asked, once, next to the original', async () => {
    const files = createLocalImageFiles({ dir });
    const [first, concurrent] = await Promise.all([files.resized(NAME, 320), files.resized(NAME, 320)]);
    expect(first).toBe(join(dir, variantName(NAME, 320)));
    expect(concurrent).toBe(first);
    const meta = await sharp(first!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 });
    const madeAt = (await stat(first!)).mtimeMs;
    expect(await files.resized(NAME, 320)).toBe(first);
    expect((await stat(first!)).mtimeMs).toBe(madeAt);
  });

  it('never enlarges a smaller image', async () => {
    const files = createLocalImageFiles({ dir });
    const wide = await files.resized(NAME, 960);
    expect((await sharp(wide!).metadata()).width).toBe(800);
  });

  it('refuses other widths, SVGs, foreign names, missing and broken files', async () => {
    const files = createLocalImageFiles({ dir });
    expect(await files.resized(NAME, 500)).toBeNull();
    expect(await files.resized(`${'b'.repeat(32)}.svg`, 320)).toBeNull();
    expect(await files.resized('../etc/passwd', 320)).toBeNull();
    expect(await files.resized(`${'d'.repeat(32)}.png`, 320)).toBeNull();
    expect(await files.resized(`${'c'.repeat(32)}.png`, 320)).toBeNull();
    expect((await readdir(dir)).filter((file) => file.endsWith('.partial'))).toEqual([]);
  });

  it('remembers an image that does not resize, so no later request or restart decodes it again', async () => {
    const broken = `${'e'.repeat(32)}.png`;
    await writeFile(join(dir, broken), 'not a png either');
    expect(await createLocalImageFiles({ dir }).resized(broken, 320)).toBeNull();
    expect(await readdir(dir)).toContain(unreadableMarkerName(broken));
    // Were it decoded again, the now valid file would resize: the remembered failure wins.
    await writeFile(join(dir, broken), await readFile(join(dir, NAME)));
    expect(await createLocalImageFiles({ dir }).resized(broken, 320)).toBeNull();
  });

  it('prepare builds every served width of an upload', async () => {
    const name = `${'f'.repeat(32)}.png`;
    await writeFile(join(dir, name), await readFile(join(dir, NAME)));
    await createLocalImageFiles({ dir }).prepare(name);
    const made = (await readdir(dir)).filter((file) => file.startsWith(`${name}.w`));
    expect(made.sort()).toEqual([variantName(name, 320), variantName(name, 640), variantName(name, 960)]);
  });
});
