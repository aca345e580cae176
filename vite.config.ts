import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

// The router plugin resolves relative paths against Vite's root (web/), so pass absolute ones.
const fromRepo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The SPA build. The router plugin must run before react() so it can split every route into its
 * own chunk; the first page then ships only the shell, and Stripe loads only on the payment page.
 */
export default defineConfig({
  root: 'web',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRepo('./web/routes'),
      generatedRouteTree: fromRepo('./web/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
