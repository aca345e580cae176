/**
 * Two instances on one PostgreSQL behind a real nginx (docs/operations.md, "Running several instances"):
 * a product edited, or its stock taken by an order, through one is seen at once through the
 * other, although both keep catalogue pages in their caches; and wrong passwords spread over both
 * meet one shared limit. nginx comes
 * from Debian's packages (`npm test` installs it when missing, as it does Chromium).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { startNginx, type RunningNginx } from '../support/nginx.ts';
import { freePort, startServer, TEST_ADMIN, type RunningServer } from '../support/server.ts';

const AUTH_RATE_LIMIT = 10;

describe('two instances on one PostgreSQL behind nginx', () => {
  let database: ScratchDatabase;
  let instances: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  let proxy: string;

  beforeAll(async () => {
    database = await createScratchDatabase('instances');
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const env = { DATABASE_URL: database.url, PUBLIC_URL: proxy, TRUST_PROXY: 'true', AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT), LOG_LEVEL: 'info' };
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

  it('shows a product edited through one instance at once through the other, every time', async () => {
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
      expect(await read(reader.url)).toMatchObject({ priceCents: price, stock: 1_000 - round });
      expect(await listed(reader.url)).toBe(price);
      expect((await read(proxy)).priceCents).toBe(price);
    }
  });

  it('shows the stock an order took through one instance at once through the other, every time', async () => {
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
      // ... then one takes an order (a stock move, not a change of the whole catalogue), and the other shows it straight away.
      const [seller, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const placed = await fetch(`${seller.url}/api/orders`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${buyer}` },
        body: JSON.stringify({ productId: id, quantity: 100, phone: '+1 555 0100', address: '1 Warehouse Road' }),
      });
      expect(placed.status).toBe(201);
      expect(await stockOf(reader.url)).toBe(10_000 - 100 * round);
      expect(await listed(reader.url)).toBe(10_000 - 100 * round);
    }
  });

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
