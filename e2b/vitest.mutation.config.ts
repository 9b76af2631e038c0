import { defineConfig } from 'vitest/config';

/** The tests `npm run test:mutation:e2b` runs against each mutant (stryker.e2b.config.mjs, decision 0325). */
export default defineConfig({
  root: import.meta.dirname,
  test: { environment: 'node', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
