/**
 * Two instances on one PostgreSQL behind a real nginx (docs/operations.md, "Running several instances"):
 * a product edited, or its stock taken by an order, through one is seen at once through the
 * other, although both keep catalogue pages in their caches; wrong passwords spread over both
 * meet one shared limit, and so does every other rate limit README.md's Security section lists
 * (sign-up, password reset, the verification resend, contact, newsletter, reviews, uploads, quote
 * requests, quick order's anonymous list reading). nginx comes
 * from Debian's packages (`npm test` installs it when missing, as it does Chromium).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/api.ts';
import { eventually } from '../support/eventually.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { startNginx, type RunningNginx } from '../support/nginx.ts';
import { freePort, startServer, TEST_ADMIN, type RunningServer } from '../support/server.ts';

const AUTH_RATE_LIMIT = 10;
/**
 * Sign-up attempts per address per hour, refused ones included: small, so the ceiling is reached
 * in a few sign-ups, yet above AUTH_RATE_LIMIT, so refused sign-ups meet their own budget first.
 */
const SIGNUP_RATE_LIMIT = 12;
/** The budgets the server keeps by default (http/ports.ts), which this test does not change. */
const RESET_RATE_LIMIT = 5;
const CONTENT_RATE_LIMIT = 10;
const UPLOAD_RATE_LIMIT = 30;
const RESOLVE_RATE_LIMIT = 60;
/** A real one-pixel PNG: the server decides the type from the bytes and decodes it at upload. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('two instances on one PostgreSQL behind nginx', () => {
  let database: ScratchDatabase;
  let instances: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  let proxy: string;

  beforeAll(async () => {
    database = await createScratchDatabase('instances');
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const env = { DATABASE_URL: database.url, PUBLIC_URL: proxy, TRUST_PROXY: 'true', AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT), SIGNUP_RATE_LIMIT: String(SIGNUP_RATE_LIMIT), LOG_LEVEL: 'info' };
    // One first, so the migrations and the admin bootstrap are done when the second starts.
    instances.push(await startServer({ env }));
    instances.push(await startServer({ env }));
    nginx = await startNginx(
      instances.map((instance) => instance.port),
      proxyPort,
    );
  }, 120_000);

  afterAll(async () => {
    nginx?.stop();
    for (const instance of instances) await instance.stop();
    instances = [];
    await database?.drop();
  });

  const json = { 'content-type': 'application/json' };
  const signIn = (url: string, password: string) =>
    fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { ...json, origin: proxy }, body: JSON.stringify({ email: TEST_ADMIN.email, password }) });
  /** A product added by the admin through `url`; its id. */
  const addProduct = async (url: string, token: string, product: { name: string; description: string; priceCents: number; stock: number }) => {
    const created = await fetch(`${url}/api/products`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...product, imageUrl: '/demo/products/wrench.svg' }),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };

  /**
   * The other instance drops its pages when the database's notification reaches it
   * (docs/operations.md, "Running several instances"): well under a millisecond on an idle
   * machine, but on a loaded one the next request can overtake it, so the reader is asked until it
   * shows the change, within a second.
   */
  const NOTIFICATION_MS = 1_000;

  it('shows a product edited through one instance through the other as soon as the notification arrives, every time', async () => {
    const [a, b] = instances as [RunningServer, RunningServer];
    const { token } = (await (await signIn(a.url, TEST_ADMIN.password)).json()) as { token: string };
    const id = await addProduct(a.url, token, { name: 'Gate valve DN50', description: 'Cast iron', priceCents: 5_000, stock: 1_000 });
    const read = async (url: string) => (await (await fetch(`${url}/api/products/${id}`)).json()) as { priceCents: number; stock: number };
    const listed = async (url: string) =>
      ((await (await fetch(`${url}/api/products?limit=24`)).json()) as { items: { id: string; priceCents: number }[] }).items.find((item) => item.id === id)?.priceCents;

    for (let round = 1; round <= 10; round++) {
      // Both instances hold the product page and the catalogue page in their caches ...
      expect((await read(b.url)).priceCents).toBe(await listed(b.url));
      await read(a.url);
      // ... then one edits it, and the other answers the new price straight away.
      const [editor, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const price = 5_000 + round;
      const patched = await fetch(`${editor.url}/api/products/${id}`, {
        method: 'PATCH',
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({ priceCents: price, stock: 1_000 - round }),
      });
      expect(patched.status).toBe(200);
      await eventually(async () => (await read(reader.url)).priceCents === price, `instance ${reader.url} shows price ${price}`, NOTIFICATION_MS);
      expect(await read(reader.url)).toMatchObject({ priceCents: price, stock: 1_000 - round });
      expect(await listed(reader.url)).toBe(price);
      expect((await read(proxy)).priceCents).toBe(price);
    }
  });

  it('shows the stock an order took through one instance through the other as soon as the notification arrives, every time', async () => {
    const [a, b] = instances as [RunningServer, RunningServer];
    const { token: admin } = (await (await signIn(a.url, TEST_ADMIN.password)).json()) as { token: string };
    const buyer = await signUpCustomer(a, 'stock-buyer@example.com', [a, b]);
    const id = await addProduct(a.url, admin, { name: 'Ball valve DN25', description: 'Brass', priceCents: 2_000, stock: 10_000 });
    const stockOf = async (url: string) => ((await (await fetch(`${url}/api/products/${id}`)).json()) as { stock: number }).stock;
    const listed = async (url: string) =>
      ((await (await fetch(`${url}/api/products?limit=24`)).json()) as { items: { id: string; stock: number }[] }).items.find((item) => item.id === id)?.stock;

    for (let round = 1; round <= 5; round++) {
      // Both instances hold the product and the catalogue page in their caches ...
      expect(await stockOf(b.url)).toBe(await listed(b.url));
      expect(await stockOf(a.url)).toBe(await listed(a.url));
      // ... then one takes an order (a stock move, not a change of the whole catalogue), and the other shows it once notified.
      const [seller, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const placed = await fetch(`${seller.url}/api/orders`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${buyer}` },
        body: JSON.stringify({ productId: id, quantity: 100, phone: '+1 555 0100', address: '1 Warehouse Road' }),
      });
      expect(placed.status).toBe(201);
      await eventually(async () => (await stockOf(reader.url)) === 10_000 - 100 * round, `instance ${reader.url} shows the stock after order ${round}`, NOTIFICATION_MS);
      expect(await stockOf(reader.url)).toBe(10_000 - 100 * round);
      expect(await listed(reader.url)).toBe(10_000 - 100 * round);
    }
  });

  // Before the wrong passwords below: those shut sign-in from nginx's address, and this signs the admin in.
  it('holds every other rate limit at its one budget when the requests take turns between the instances', async () => {
    const [a, b] = instances as [RunningServer, RunningServer];
    /** `budget` + 1 requests, the nth to instance a or b in turn: what each answered, in order. */
    const statusesInTurn = async (budget: number, send: (url: string, n: number) => Promise<Response>) => {
      const statuses: number[] = [];
      for (let n = 0; n <= budget; n++) statuses.push((await send(n % 2 === 0 ? a.url : b.url, n)).status);
      return statuses;
    };
    const refusedAfter = (budget: number, status: number) => [...Array.from({ length: budget }, () => status), 429];
    // As nginx forwards it (TRUST_PROXY): each kind of attempt comes from a client address of its own.
    const post = (url: string, path: string, from: string, body: unknown, token?: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...json, origin: proxy, 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const { token: admin } = (await (await signIn(a.url, TEST_ADMIN.password)).json()) as { token: string };
    const product = await addProduct(a.url, admin, { name: 'Check valve DN15', description: 'Brass', priceCents: 900, stock: 100_000 });
    // The quote buyer must be verified; the others need only an account.
    const quoteBuyer = await signUpCustomer(a, 'quote-buyer@example.com', [a, b]);
    const account = async (email: string, from: string) =>
      ((await (await post(a.url, '/api/auth/sign-up', from, { name: 'Limited', email, password: 'customer-password-1' })).json()) as { token: string }).token;
    const [resender, reviewer, uploader] = [
      await account('resender@example.com', '192.0.2.101'),
      await account('reviewer@example.com', '192.0.2.102'),
      await account('uploader@example.com', '192.0.2.103'),
    ];
    const review = { country: 'Norway', rating: 5, comment: 'Good valves', imageUrl: '/demo/reviews/ada.svg' };
    const upload = (url: string) => {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(ONE_PIXEL_PNG)]), 'a.png');
      return fetch(`${url}/api/uploads`, { method: 'POST', headers: { origin: proxy, authorization: `Bearer ${uploader}` }, body: form });
    };

    const cases: [string, number, number, (url: string, n: number) => Promise<Response>][] = [
      ['refused sign-ups per address', AUTH_RATE_LIMIT, 400, (url, n) => post(url, '/api/auth/sign-up', '198.51.100.31', { name: 'N', email: `short-${n}@example.com`, password: 'short' })],
      ['refused sign-ups per e-mail', AUTH_RATE_LIMIT, 409, (url, n) => post(url, '/api/auth/sign-up', `198.51.100.${40 + n}`, { name: 'N', email: 'resender@example.com', password: 'customer-password-1' })],
      ['accounts made per address', SIGNUP_RATE_LIMIT, 201, (url, n) => post(url, '/api/auth/sign-up', '198.51.100.32', { name: 'N', email: `made-${n}@example.com`, password: 'customer-password-1' })],
      ['password-reset requests per address', RESET_RATE_LIMIT, 202, (url, n) => post(url, '/api/auth/password-reset', '198.51.100.33', { email: `inbox-${n}@example.com` })],
      ['password-reset requests per e-mail', RESET_RATE_LIMIT, 202, (url, n) => post(url, '/api/auth/password-reset', `198.51.100.${60 + n}`, { email: 'flooded@example.com' })],
      ['password-reset links tried per address', AUTH_RATE_LIMIT, 400, (url) => post(url, '/api/auth/password-reset/confirm', '198.51.100.34', { token: 'not-a-link', password: 'password-1' })],
      ['verification resends per address', AUTH_RATE_LIMIT, 202, (url) => post(url, '/api/auth/verify-email/resend', '198.51.100.35', {}, resender)],
      ['contact messages per address', CONTENT_RATE_LIMIT, 201, (url, n) => post(url, '/api/contact', '198.51.100.36', { name: 'N', email: `c${n}@example.com`, message: 'Hello there' })],
      ['newsletter sign-ups per address', CONTENT_RATE_LIMIT, 201, (url, n) => post(url, '/api/newsletter', '198.51.100.37', { email: `news-${n}@example.com` })],
      ['reviews per account', CONTENT_RATE_LIMIT, 201, (url, n) => post(url, '/api/reviews', `198.51.100.${80 + n}`, review, reviewer)],
      ['uploads per account', UPLOAD_RATE_LIMIT, 201, (url) => upload(url)],
      ['quote requests per account', CONTENT_RATE_LIMIT, 201, (url, n) => post(url, '/api/quotes', `198.51.100.${100 + n}`, { lines: [{ productId: product, quantity: 500 }], message: 'Best price?' }, quoteBuyer)],
      ['anonymous list readings per address', RESOLVE_RATE_LIMIT, 200, (url, n) => post(url, '/api/cart/resolve', '198.51.100.38', { text: `NO-SUCH-SKU-${n} 100` })],
    ];
    for (const [what, budget, status, send] of cases) expect([what, await statusesInTurn(budget, send)]).toEqual([what, refusedAfter(budget, status)]);
  }, 120_000);

  it('refuses the 11th wrong password with 429 when the attempts are spread over both instances', async () => {
    const attempts = async (send: (attempt: number) => Promise<Response>) => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= AUTH_RATE_LIMIT + 1; attempt++) statuses.push((await send(attempt)).status);
      return statuses;
    };
    const refusedOnTheEleventh = [...Array.from({ length: AUTH_RATE_LIMIT }, () => 401), 429];
    // Through nginx, which takes turns between the two.
    expect(await attempts((attempt) => signIn(proxy, `wrong-password-${attempt}`))).toEqual(refusedOnTheEleventh);
    // Turn by turn on purpose, from another address and for another e-mail (the first one is now
    // slowed down per e-mail): neither instance sees more than six of them.
    const [a, b] = instances as [RunningServer, RunningServer];
    const fromElsewhere = (url: string, attempt: number) =>
      fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { ...json, origin: proxy, 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: 'someone-else@bulkhead.test', password: `wrong-${attempt}` }),
      });
    expect(await attempts((attempt) => fromElsewhere(attempt % 2 === 0 ? a.url : b.url, attempt))).toEqual(refusedOnTheEleventh);
  });
});
