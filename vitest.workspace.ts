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
          setupFiles: ['tests/support/no-console-errors.ts'],
          include: ['domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'adapters',
          setupFiles: ['tests/support/no-console-errors.ts'],
          include: ['adapters/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'http',
          setupFiles: ['tests/support/no-console-errors.ts'],
          include: ['http/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
      {
        // The security suite: authorization matrix, fuzzed bad input, rate limits and headers,
        // against createApp on a real SQLite file (docs/security.md, "Security").
        test: {
          name: 'security',
          setupFiles: ['tests/support/no-console-errors.ts'],
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real server processes and databases: run after the fast projects, one file at a time,
        // so the concurrency figures are not skewed by unit tests sharing the two cores.
        test: {
          name: 'system',
          setupFiles: ['tests/support/no-console-errors.ts'],
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Browser journeys: real server, fresh SQLite file, Debian's Chromium via playwright-core.
        test: {
          name: 'journeys',
          setupFiles: ['tests/support/no-console-errors.ts'],
          include: ['tests/journeys/**/*.journey.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
