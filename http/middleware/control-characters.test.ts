import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { addProduct, createTestApp, keptLogger, signUpAdmin } from '../test-support.ts';
import { controlCharacterFields } from './control-characters.ts';

/**
 * Text no store can hold is refused before any route (docs/security.md): on PostgreSQL a
 * NUL used to reach the query and answer 500 with a stack trace in the error log. The memory
 * store would happily answer these, so each answer here is the edge's own.
 */
const kept = keptLogger();
const app = createTestApp({ logger: kept.logger });
let customer: string;
let admin: string;
let productId: string;

beforeAll(async () => {
  customer = (await app.signUp()).token;
  admin = (await signUpAdmin(app)).token;
  productId = (await addProduct(app.store)).id;
});

const order = { productId: '', quantity: 100, phone: '5550100200', address: '1 Harbour Road' };

describe('control characters at the edge', () => {
  it.each([
    ['GET', '/api/products/%00'],
    ['GET', '/api/products/abc%1F'],
    ['GET', '/api/orders/%00'],
    ['GET', '/api/quotes/%00'],
    ['GET', '/api/orders/%00/invoice.pdf'],
    ['POST', '/api/admin/users/%00/make-admin'],
  ])('%s %s: a path with a control character names nothing (404)', async (method, path) => {
    const response = await app.call(method, path, { token: method === 'POST' ? admin : customer });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: { code: 'NOT_FOUND', message: messages.notFound } });
  });

  it.each([
    ['/api/products?brand=%00', 'brand'],
    ['/api/products?q=drill%01bit', 'q'],
    ['/api/products?category=%7F', 'category'],
    ['/api/products?sort=name&cursor=a%1Bb', 'cursor'],
  ])('%s: a query parameter with a control character is a 400 naming it', async (path, field) => {
    const response = await app.call('GET', path);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: { code: 'VALIDATION_FAILED', message: messages.unstorableText, fields: { [field]: messages.unstorableText } } });
  });

  it('keeps tab and line breaks in a query: a SKU pasted from a spreadsheet into the search box is searched', async () => {
    const response = await app.call('GET', '/api/products?q=M8%09%0D%0A');
    expect(response.status).toBe(200);
  });

  it('refuses a NUL in the sign-in e-mail before anything reads it', async () => {
    const response = await app.call('POST', '/api/auth/sign-in', { body: { email: 'a\u0000@example.com', password: 'password-1' } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ email: messages.unstorableText });
  });

  it.each([
    ['poNumber', { poNumber: 'PO\u00001' }],
    ['note', { note: 'Dock 3\u0000' }],
    ['address', { address: '1 Harbour\u0000 Road' }],
    ['address', { address: 'broken \uD800 text' }],
  ])('refuses an order whose %s holds a NUL or a lone surrogate, and places nothing', async (field, change) => {
    const response = await app.call('POST', '/api/orders', { token: customer, body: { ...order, productId, ...change } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ [field]: messages.unstorableText });
    expect((await app.call('GET', '/api/orders', { token: customer })).json.items).toEqual([]);
  });

  it('names the line of an order list whose product id holds a NUL', async () => {
    const response = await app.call('POST', '/api/orders', {
      token: customer,
      body: { lines: [{ productId, quantity: 100 }, { productId: 'x\u0000', quantity: 100 }], phone: '5550100200', address: 'Pier 9' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ 'lines.1.productId': messages.unstorableText });
  });

  it('keeps tabs and line breaks in multi-line texts: a note and an address on several lines are placed', async () => {
    const response = await app.call('POST', '/api/orders', {
      token: customer,
      body: { ...order, productId, address: '1 Harbour Road\r\nPortland', note: 'Dock 3\n\tmornings only' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ address: '1 Harbour Road\r\nPortland', note: 'Dock 3\n\tmornings only' });
  });

  it('refuses a NUL in a review and in a request for quote', async () => {
    const review = await app.call('POST', '/api/reviews', {
      token: customer,
      body: { country: 'Norway', rating: 5, comment: 'Good\u0000', imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png' },
    });
    expect(review.status).toBe(400);
    expect(review.json.error.fields).toEqual({ comment: messages.unstorableText });
    const quote = await app.call('POST', '/api/quotes', { token: customer, body: { lines: [{ productId, quantity: 100 }], message: 'Price?\u0000' } });
    expect(quote.status).toBe(400);
    expect(quote.json.error.fields).toEqual({ message: messages.unstorableText });
  });

  it('logs none of these at error level', () => {
    expect(kept.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});

describe('controlCharacterFields', () => {
  it('names the top-level field, the line of a list of lines, and `body` for a key or a bare string', () => {
    expect(controlCharacterFields({ a: 'ok\n\t\r', b: { c: ['x', '\u0001'] }, lines: [{ productId: 'p' }, { productId: '\u0000' }] })).toEqual({
      b: messages.unstorableText,
      'lines.1.productId': messages.unstorableText,
    });
    expect(controlCharacterFields({ 'k\u0000': 1 })).toEqual({ body: messages.unstorableText });
    expect(controlCharacterFields('\uDC00')).toEqual({ body: messages.unstorableText });
    expect(controlCharacterFields({ emoji: '\uD83D\uDE00', number: 1, none: null })).toEqual({});
  });
});
