import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];

/**
 * Projects: domain and web units, the API on embedded PGlite, and the same API tests again on
 * PostgreSQL when TEST_DATABASE_URL is set (each test file gets its own schema).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'api',
          include: apiTests,
          env: { KASSA_TEST_ENGINE: 'pglite' },
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          // A browser on a busy 2-core machine can take seconds to render; poll patiently.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          // Retries for a browser test that lost a race with a busy machine (see the session note
          // on identity-forced-mfa); a real failure fails every attempt.
          retry: 2,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-pg',
                include: apiTests,
                env: { KASSA_TEST_ENGINE: 'postgresql' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
