#!/usr/bin/env node
// First-load JavaScript of every route, gzipped, from the client build's manifest
// (docs/storefront.md, "First-load JavaScript"): the entry and its static imports, plus the
// route's component chunk, its layouts' chunks and their static imports. Dynamic imports (code
// loaded on first use) are not counted. Run after `npx vite build`:
//   node scripts/web-weights.mjs [--limit 150] [--detail routes/allProduct.tsx]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const dist = join(process.cwd(), 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const args = process.argv.slice(2);
const limit = Number(args[args.indexOf('--limit') + 1] ?? 150) || 150;
const detail = args.includes('--detail') ? args[args.indexOf('--detail') + 1] : undefined;

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length);
  return gzipped.get(file);
};
/** A chunk and everything it imports statically. */
const closure = (key, into = new Set()) => {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
  return into;
};
const kB = (bytes) => (bytes / 1000).toFixed(1);
const total = (keys) => [...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0);

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = closure(entry);
const routes = Object.keys(manifest).filter((key) => key.startsWith('routes/') && key.endsWith('?tsr-split=component'));
/** The layout routes a route sits in: routes/_signedIn/dashboard/x.tsx is inside _signedIn and _signedIn/dashboard. */
const layoutsOf = (key) => {
  const parts = key.replace(/\?.*$/, '').split('/').slice(1, -1);
  return parts.map((_, i) => `routes/${parts.slice(0, i + 1).join('/')}.tsx?tsr-split=component`);
};

const rows = [['(entry, every page)', total(entryKeys), entryKeys]];
for (const route of routes) {
  const keys = new Set(entryKeys);
  // A route's loader, when split from the route (vite.config.ts), is asked for with its component.
  for (const key of [...layoutsOf(route), route]) {
    closure(key, keys);
    const loader = key.replace('?tsr-split=component', '?tsr-split=loader');
    if (manifest[loader]) closure(loader, keys);
  }
  rows.push([route.replace(/^routes\//, '').replace(/\?tsr-split=component$/, ''), total(keys), keys]);
}
rows.sort((a, b) => b[1] - a[1]);
let over = 0;
for (const [name, bytes, keys] of rows) {
  if (bytes > limit * 1000) over++;
  console.log(`${kB(bytes).padStart(7)} kB  ${bytes > limit * 1000 ? 'OVER ' : '     '} ${name}`);
  if (detail && name === detail.replace(/^routes\//, '')) {
    for (const key of [...keys].sort((a, b) => sizeOf(manifest[b].file) - sizeOf(manifest[a].file))) console.log(`           ${kB(sizeOf(manifest[key].file)).padStart(6)} kB  ${key}`);
  }
}
console.log(`${over} of ${rows.length} over ${limit} kB (gzip -9, JavaScript only, dynamic imports not counted)`);
if (detail === 'entry') for (const key of [...entryKeys].sort((a, b) => sizeOf(manifest[b].file) - sizeOf(manifest[a].file))) console.log(`  ${kB(sizeOf(manifest[key].file)).padStart(6)} kB  ${key}`);
process.exitCode = over ? 1 : 0;
