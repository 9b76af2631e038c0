import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run test:mutation:contract` runs against each mutant (stryker.contract.config.mjs,
 * decision 0325): every contract test but the one that reads conditions.ts for `new Function`,
 * which Stryker's instrumented copy of the file contains.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testNamePattern: /^(?!.*never runs code)/,
  },
});
