import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { blogArticlesPlugin } from './content/blog-articles-plugin.ts';
import { fileURLToPath } from 'node:url';

const fromRepo = (path: string) => fileURLToPath(new URL(path, new URL('..', import.meta.url)));

/**
 * Web tests render the real route tree in jsdom and answer its fetches with msw. The router
 * plugin runs here too so the generated route tree is always current; without code splitting,
 * because tests import routes directly.
 */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: false,
      routesDirectory: fromRepo('./web/routes'),
      generatedRouteTree: fromRepo('./web/routeTree.gen.ts'),
    }),
    react(),
    blogArticlesPlugin(fromRepo('./web/content/blogs')),
  ],
  test: {
    name: 'web',
    root: fromRepo('.'),
    include: ['web/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['web/test/setup.ts'],
    testTimeout: 15_000,
    // Dates on cards are formatted in local time; pin it so 'Nov 22, 2026' is the same everywhere.
    env: { TZ: 'UTC' },
  },
});
