// @ts-check
import base from './stryker.config.mjs';

/**
 * `npm run test:mutation:e2b` (decision 0325): the e2b library's validation (the ICH, FDA and
 * EU profiles and the rule engine that runs them) and its XML reader, against the library's
 * own tests, no database. Narrow it with `-- -m e2b/src/validate/rules.ts`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'e2b/vitest.mutation.config.ts', related: false },
  mutate: ['e2b/src/validate/*.ts', 'e2b/src/xml/*.ts'],
  // The profiles' rule tables are module-level values: each of their mutants would rerun all
  // 440 tests (20 s each); the one-case-per-rule tests read those tables directly instead.
  ignoreStatic: true,
  // Others share the machine's two cores.
  concurrency: 1,
  dryRunTimeoutMinutes: 10,
  htmlReporter: { fileName: 'reports/mutation/e2b/index.html' },
  jsonReporter: { fileName: 'reports/mutation/e2b/mutation.json' },
};
