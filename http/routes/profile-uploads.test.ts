import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskImageStore } from '#adapters/images/local-disk-image-store.ts';
import { createLocalImageFiles } from '#adapters/images/resize.ts';
import { messages } from '#http/messages.ts';
import { createTestApp, expectError } from '../test-support.ts';

const validProfile = {
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
  phone: '+1 555 0100',
  education: 'Marine engineering',
  linkedin: 'https://www.linkedin.com/in/ada',
  facebook: 'https://facebook.com/ada',
  address: '1 Harbour Road',
};

describe('PUT /api/me/profile', () => {
  it('saves the profile and GET /api/me returns it with the account name and e-mail', async () => {
    const { call, signUp } = createTestApp();
    const buyer = await signUp({ name: 'Ada' });
    expect((await call('GET', '/api/me', { token: buyer.token })).json.profile).toBeNull();
    const saved = await call('PUT', '/api/me/profile', { token: buyer.token, body: { ...validProfile, name: 'Not Ada', email: 'x@y.z' } });
    expect(saved.status).toBe(200);
    // The company fields are optional: a body without them (an older client's) saves them empty.
    expect(saved.json).toEqual({ ...validProfile, companyName: '', jobTitle: '', taxNumber: '', phone: expect.stringMatching(/^\+?\d+$/), name: 'Ada', email: buyer.email });
    const me = await call('GET', '/api/me', { token: buyer.token });
    expect(me.json.profile).toEqual(saved.json);
    expect(me.json.user.name).toBe('Ada');
  });

  it('saves the company name, job title and tax/VAT number, trimmed, and refuses them too long or a tax number of other characters', async () => {
    const { call, signUp } = createTestApp();
    const buyer = await signUp();
    const company = { companyName: '  Harbour Roofing Ltd ', jobTitle: 'Site buyer', taxNumber: 'GB 123 4567 89' };
    const saved = await call('PUT', '/api/me/profile', { token: buyer.token, body: { ...validProfile, ...company } });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ companyName: 'Harbour Roofing Ltd', jobTitle: 'Site buyer', taxNumber: 'GB 123 4567 89' });
    expect((await call('GET', '/api/me', { token: buyer.token })).json.profile).toMatchObject({ companyName: 'Harbour Roofing Ltd', taxNumber: 'GB 123 4567 89' });
    const refused = await call('PUT', '/api/me/profile', {
      token: buyer.token,
      body: { ...validProfile, companyName: 'x'.repeat(201), jobTitle: 'y'.repeat(101), taxNumber: 'GB<script>' },
    });
    expect(refused.status).toBe(400);
    expect(expectError(refused.json).fields).toEqual({ companyName: messages.tooLong(200), jobTitle: messages.tooLong(100), taxNumber: messages.taxNumberInvalid });
    const wrongType = await call('PUT', '/api/me/profile', { token: buyer.token, body: { ...validProfile, taxNumber: 123 } });
    expect(wrongType.status).toBe(400);
    expect(expectError(wrongType.json).fields).toHaveProperty('taxNumber');
    expect((await call('GET', '/api/me', { token: buyer.token })).json.profile).toMatchObject({ companyName: 'Harbour Roofing Ltd' });
  });

  it('answers bad fields with 400 and the catalogue message for each', async () => {
    const { call, signUp } = createTestApp();
    const buyer = await signUp();
    const response = await call('PUT', '/api/me/profile', {
      token: buyer.token,
      body: { imageUrl: '', phone: 'call me', education: ' ', linkedin: 'linkedin.com/in/ada', facebook: 'javascript:alert(1)' },
    });
    expect(response.status).toBe(400);
    expect(expectError(response.json).fields).toEqual({
      phone: messages.phoneNotDigits,
      linkedin: messages.urlInvalid,
      facebook: messages.urlInvalid,
      address: messages.addressRequired,
    });
    expect((await call('GET', '/api/me', { token: buyer.token })).json.profile).toBeNull();
  });

  it('saves a phone and an address alone: the photo, education and links are optional', async () => {
    const { call, signUp } = createTestApp();
    const buyer = await signUp();
    const saved = await call('PUT', '/api/me/profile', {
      token: buyer.token,
      body: { imageUrl: '', phone: '+1 555 010 2030', education: '', linkedin: '', facebook: '', address: '7 Quay Lane' },
    });
    expect(saved.status).toBe(200);
    expect((await call('GET', '/api/me', { token: buyer.token })).json.profile).toMatchObject({ phone: '+15550102030', address: '7 Quay Lane', imageUrl: '', linkedin: '' });
  });

  it('asks anonymous callers to sign in', async () => {
    const { call } = createTestApp();
    expect((await call('PUT', '/api/me/profile', { body: validProfile })).status).toBe(401);
  });
});

describe('uploads', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-uploads-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** The uploaded files, without their resized variants. */
  const originals = async () => (await readdir(dir)).filter((file) => !file.includes('.w'));
  const appWithDisk = () =>
    createTestApp({
      images: createLocalDiskImageStore({ dir, urlPrefix: '/uploads' }),
      uploads: createLocalImageFiles({ dir }),
    });

  const ONE_PIXEL_PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  /** A valid one-pixel PNG of exactly `size` bytes: a text chunk of padding before its end chunk. */
  const pngOfSize = (size: number) => {
    const end = ONE_PIXEL_PNG.length - 12; // the IEND chunk is the last 12 bytes
    const data = Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(size - ONE_PIXEL_PNG.length - 12 - 8, 0x20)]);
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    data.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
    return new Uint8Array(Buffer.concat([ONE_PIXEL_PNG.subarray(0, end), chunk, ONE_PIXEL_PNG.subarray(end)]));
  };
  const formWith = (bytes: Uint8Array | string, fileName: string, field = 'image') => {
    const form = new FormData();
    form.set(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
    return form;
  };

  it('accepts 999,999 bytes with 201 and a server-chosen name, and refuses 1,000,000 with 413', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const accepted = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(pngOfSize(999_999), 'my photo.png') });
    expect(accepted.status).toBe(201);
    expect(accepted.json.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(accepted.json.url).not.toContain('photo');

    const refused = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(pngOfSize(1_000_000), 'big.png') });
    expect(refused.status).toBe(413);
    expect(expectError(refused.json)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.imageTooLarge });

    const huge = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(pngOfSize(3_000_000), 'huge.png') });
    expect(huge.status).toBe(413);
    expect(expectError(huge.json).message).toBe(messages.imageTooLarge);
  });

  it('decides the type from the bytes: a text file named .png is refused with 415', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const before = await originals();
    const refused = await call('POST', '/api/uploads', { token: buyer.token, form: formWith('just text, honest', 'image.png') });
    expect(refused.status).toBe(415);
    expect(expectError(refused.json)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.imageUnsupported });
    expect(await originals()).toEqual(before);
  });

  it('refuses a missing field, an empty file and a JSON body with clear 4xx answers', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const wrongField = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(pngOfSize(100), 'a.png', 'file') });
    expect(wrongField.status).toBe(400);
    expect(expectError(wrongField.json).fields).toEqual({ image: messages.imageMissing });
    const empty = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(new Uint8Array(), 'a.png') });
    expect(empty.status).toBe(400);
    const json = await call('POST', '/api/uploads', { token: buyer.token, body: { image: 'data:image/png;base64,AAAA' } });
    expect(json.status).toBe(415);
  });

  it('needs a signed-in user, and a cookie upload must come from our own origin', async () => {
    const { call, signUp } = appWithDisk();
    expect((await call('POST', '/api/uploads', { form: formWith(pngOfSize(100), 'a.png') })).status).toBe(401);
    const buyer = await signUp();
    const foreign = await call('POST', '/api/uploads', { cookie: buyer.token, origin: 'https://evil.example', form: formWith(pngOfSize(100), 'a.png') });
    expect(foreign.status).toBe(403);
    const own = await call('POST', '/api/uploads', { cookie: buyer.token, form: formWith(pngOfSize(100), 'a.png') });
    expect(own.status).toBe(201);
  });

  it('serves an SVG with a script so that the script cannot run', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="4"/></svg>';
    const uploaded = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(svg, 'logo.svg') });
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.url).toMatch(/\.svg$/);

    const served = await call('GET', uploaded.json.url);
    expect(served.status).toBe(200);
    expect(served.text).toBe(svg);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Asking for a width changes nothing for a vector image.
    const scaled = await call('GET', `${uploaded.json.url}?w=320`);
    expect(scaled.text).toBe(svg);
  });

  it('serves raster images resized to WebP no wider than asked, and only at the offered widths', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#228844' } }).png().toBuffer();
    const uploaded = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(new Uint8Array(png), 'wide.png') });
    expect(uploaded.status).toBe(201);

    const response = await fetchBytes(appWithDisk().app, `${uploaded.json.url}?w=320`);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(response.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(response.bytes.length).toBeLessThan(png.length);

    const original = await fetchBytes(appWithDisk().app, uploaded.json.url);
    expect((await sharp(original.bytes).metadata()).width).toBe(1200);
    expect((await call('GET', `${uploaded.json.url}?w=500`)).status).toBe(400);
  });

  /** ONE_PIXEL_PNG whose header claims width × height: a truncated large PNG, under 100 bytes. */
  const truncatedPng = (width: number, height: number) => {
    const bytes = Buffer.from(ONE_PIXEL_PNG);
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    return new Uint8Array(bytes);
  };

  it('refuses a raster image above 40 megapixels and one that does not decode, with 400 and nothing stored', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const before = await originals();
    const huge = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(truncatedPng(10_000, 10_000), 'huge.png') });
    expect(huge.status).toBe(400);
    expect(expectError(huge.json).fields).toEqual({ image: messages.imageTooManyPixels });
    // 36 megapixels is allowed in size, but the file ends after the first row.
    const truncated = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(truncatedPng(6_000, 6_000), 'cut.png') });
    expect(truncated.status).toBe(400);
    expect(expectError(truncated.json).fields).toEqual({ image: messages.imageUnreadable });
    expect(await originals()).toEqual(before);
  });

  it('builds every served width once at upload, so page views read stored files', async () => {
    const { call, signUp } = appWithDisk();
    const buyer = await signUp();
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#884422' } }).png().toBuffer();
    const uploaded = await call('POST', '/api/uploads', { token: buyer.token, form: formWith(new Uint8Array(png), 'made.png') });
    expect(uploaded.status).toBe(201);
    const name = (uploaded.json.url as string).split('/').pop()!;
    expect((await readdir(dir)).filter((file) => file.startsWith(`${name}.w`)).sort()).toEqual(
      [`${name}.w320.webp`, `${name}.w640.webp`, `${name}.w960.webp`],
    );
  });

  it('answers 404 for names the store cannot have made and for missing files', async () => {
    const { call } = appWithDisk();
    expect((await call('GET', '/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await call('GET', '/uploads/secret.txt')).status).toBe(404);
    expect((await call('GET', `/uploads/${'f'.repeat(32)}.png`)).status).toBe(404);
    // With a remote image host there is nothing to serve here.
    expect((await createTestApp().call('GET', `/uploads/${'f'.repeat(32)}.png`)).status).toBe(404);
  });
});

const fetchBytes = async (app: ReturnType<typeof createTestApp>['app'], path: string) => {
  const response = await app.request(`http://localhost${path}`);
  expect(response.status).toBe(200);
  return { headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};
