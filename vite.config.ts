import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { blogArticlesPlugin } from './web/content/blog-articles-plugin.ts';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

// The router plugin resolves relative paths against Vite's root (web/), so pass absolute ones.
const fromRepo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz beside every text asset of the build (public/ files included), once and
 * at maximum compression, so the server sends them as they are instead of compressing per request.
 * A copy that is not smaller than the original is not written.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'bulkhead:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // closeBundle runs after Vite has copied public/, so the demo images are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Also called after a failed build, which wrote nothing: let its own error be the one shown.
        if (!existsSync(outDir)) return;
        const jobs: Promise<void>[] = [];
        for await (const path of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(path)) continue;
          jobs.push(
            (async () => {
              const source = await readFile(path);
              if (source.length < MIN_BYTES) return;
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                    [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }),
              ]);
              if (br.length < source.length) await writeFile(`${path}.br`, br);
              if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
            })(),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
};

/**
 * The app's scripts are modules (deferred): the brand bar in index.html and the stylesheet can
 * paint before them. Left at the high priority Chrome gives module scripts, they compete with the
 * stylesheet for a slow connection's first round trips; marked low, the first paint comes first.
 */
const scriptsAfterFirstPaint = (): Plugin => ({
  name: 'bulkhead:scripts-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
        .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
  },
});

/**
 * The SPA build. The router plugin must run before react() so it can split every route into its
 * own chunk; the first page then ships only the shell, and Stripe loads only on the payment page.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Every route is its own chunk, the home page's too (7.5 kB gzipped that every other page
      // carried): the server's page preloads its route's chunks beside the entry
      // (web/entry-server.tsx), so splitting costs no round trip. Signed-in pages are rendered in the browser only (web/README.md, "Server rendering"): their
      // loaders, and the feature APIs those import (mutations, toasts and messages with them), load
      // with the page instead of with every public one (docs/storefront.md, "First-load JavaScript").
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => {
          if (routeId.startsWith('/_signedIn')) return [['loader'], ['component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']];
          return undefined;
        },
      },
      routesDirectory: fromRepo('./web/routes'),
      generatedRouteTree: fromRepo('./web/routeTree.gen.ts'),
    }),
    react(),
    blogArticlesPlugin(fromRepo('./web/content/blogs')),
    tailwindcss(),
    scriptsAfterFirstPaint(),
    // The server bundle is read from disk by Node, never sent: nothing to compress.
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  // `vite build` makes the browser's files (dist/, with the manifest the server renderer reads to
  // name the entry script and stylesheet); `vite build --ssr entry-server.tsx` makes the server
  // renderer (dist-server/), which imports its packages from node_modules.
  build: isSsrBuild
    ? { outDir: '../dist-server', emptyOutDir: true, copyPublicDir: false }
    : { outDir: '../dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
