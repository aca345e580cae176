import { createTestApp, addProduct } from '/work/wt-ssr/http/test-support.ts';
import { loadPageRenderer } from '/work/wt-ssr/http/page-rendering.ts';
const pageRenderer = await loadPageRenderer('/work/wt-ssr/dist-server', '/work/wt-ssr/dist', 'https://shop.example');
const logger = { debug(){}, info(){}, warn: console.warn, error: (m:any, f:any) => console.error(m, f?.error ?? f), child(){ return logger } } as any;
const t = createTestApp({ pageRenderer, webRoot: '/work/wt-ssr/dist', logger });
const p = await addProduct(t.store, { name: 'Hex bolt M8' } as any);
for (const path of ['/', `/product/${p.id}`, '/product/nope', '/allProduct', '/allProduct?sort=bogus', '/nowhere', '/blogs', '/cart', '/dashboard']) {
  const r = await t.app.request('http://localhost' + path);
  const body = await r.text();
  console.log(path, r.status, r.headers.get('etag'), body.length, body.includes('Hex bolt M8'), body.slice(0, 300).replace(/\n/g,' '));
}
for (const path of [`/product/${p.id}`, '/product/nope', '/nowhere', '/info/delivery']) {
  const r = await t.app.request('http://localhost' + path);
  const body = await r.text();
  console.log(path, r.status, [...body.matchAll(/<(title|meta|link rel="canonical")[^>]*>(?:[^<]*<\/title>)?/g)].map(m => m[0]).join('\n  '));
}
