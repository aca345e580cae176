// Shared by `npm start`, the test support and the bench: is the server bundle stale, and how to
// rebuild it. The server is plain TypeScript run through a bundle of our own code (packages stay
// in node_modules) instead of tsx's loader, which kept esbuild's service and its hooks resident:
// about 30 MB of memory and a slower start. A build takes well under a second.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_ENTRY = join('build', 'server', 'main.mjs');
const SOURCES = ['domain', 'adapters', 'http'];

const newestMtime = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
};

export const needsServerBuild = (root) => {
  const entry = join(root, SERVER_ENTRY);
  if (!existsSync(entry)) return true;
  const sources = [...SOURCES.map((dir) => join(root, dir)), join(root, 'package.json'), join(root, 'package-lock.json')];
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(entry).mtimeMs;
};

/**
 * Each module keeps its own `import.meta.url` (the source file's), so the paths our code resolves
 * from it (migrations, the built SPA) stay right when every module lives in one bundle.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Bundles http/main.ts into build/server/ (ESM, one chunk per lazily imported adapter). */
export async function buildServer(root) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'http/main.ts' },
    outdir: join('build', 'server'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true, // PostgreSQL and Stripe code load only when configured, as with tsx
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
}

/** Builds when stale; returns the bundle's path. */
export async function ensureServerBuild(root) {
  if (needsServerBuild(root)) await buildServer(root);
  return join(root, SERVER_ENTRY);
}
