import { defineConfig } from 'vitest/config';

/** Unit and integration tests: `*.test.ts` beside the code, plus tests/ (fixture sites, CLI). */
export default defineConfig({
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/out/**'],
    // A throwaway Postgres for the contract suites (skipped, with the reason printed, when none can start).
    globalSetup: ['tests/setup/postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
