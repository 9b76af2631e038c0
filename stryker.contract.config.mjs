// @ts-check
import base from './stryker.config.mjs';

/**
 * `npm run test:mutation:contract` (decision 0325): the condition language of forms
 * (contract/src/conditions.ts) against the contract's own tests, no database. A few minutes.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'contract/vitest.mutation.config.ts', related: false },
  mutate: ['contract/src/conditions.ts'],
  // The module-level values (operator table, patterns) are covered by every test; their
  // static mutants would rerun the whole suite each, for nothing the per-test run misses.
  ignoreStatic: true,
  // Others share the machine's two cores.
  concurrency: 1,
  dryRunTimeoutMinutes: 5,
  htmlReporter: { fileName: 'reports/mutation/contract/index.html' },
  jsonReporter: { fileName: 'reports/mutation/contract/mutation.json' },
};
