import { defineConfig } from 'vitest/config';

/**
 * The root test config (Vitest 4 has no workspace files): one project per layer. Every script
 * passes `--config vitest.workspace.ts`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'adapters',
          include: ['adapters/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'http',
          include: ['http/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
