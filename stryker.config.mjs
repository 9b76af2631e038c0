// @ts-check
/**
 * `npm run test:mutation` (decision 0062): StrykerJS breaks the security-relevant code on
 * purpose, one change at a time, and runs the tests that cover each change; a change no
 * test notices (a survivor) is a test missing. Runs against TEST_DATABASE_URL (a
 * superuser's URL, as `npm test`); narrow it with `-m <file>` (e.g.
 * `npm run test:mutation -- -m server/src/modules/mfa/totp.ts`).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'server/vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Stryker rewrites the tsconfig through TypeScript's JS API, which TypeScript 7 no longer
  // has; nothing here needs it (the sandbox keeps the folder layout), so point it nowhere.
  tsconfigFile: 'stryker-has-no-tsconfig.json',
  mutate: [
    'server/src/platform/**/*.ts',
    // Process plumbing, exercised by the tests that start processes (not run per mutant).
    '!server/src/platform/{embedded-postgres,embedded-postgres-root,local-state,startup,secrets-reseal,web,sms,outbound-http,mail,jobs,database}.ts',
    'server/src/modules/*/*.policy.ts',
    'server/src/modules/auth/*.ts',
    'server/src/modules/mfa/*.ts',
    'server/src/modules/passwords/*.ts',
    '!server/src/**/*.test.ts',
    '!server/src/modules/*/*.routes.ts',
    '!server/src/modules/*/*.area.ts',
  ],
  // Policy tables are module-level values: each of their mutants runs every test afresh (slow, but they are the rules).
  ignoreStatic: false,
  concurrency: 2,
  timeoutMS: 30_000,
  // The first run, all tests on one worker each, on a two-core machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 80, low: 60, break: null },
  // Anchored at the root: unanchored, 'e2b' and 'reports' also dropped server/src/modules/e2b and
  // …/reports from the sandbox, and every run whose tests import them failed before it started.
  // The e2b workspace stays (4 MB): server tests read its example files (e2b/test/examples).
  ignorePatterns: [
    '/web',
    '/e2e',
    '/client',
    '/bench',
    '/docs/decisions',
    '/reports',
    '/.perf-tmp',
    '/data',
    '/.ci/out',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
