import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run test:mutation` runs against each mutant (stryker.config.mjs): the
 * HTTP tests of the mutated areas and of the platform, in-process against the real
 * TEST_DATABASE_URL. Tests that start servers as child processes are left out: a mutant
 * in this process never reaches them.
 */
// MUTATION_TESTS=<glob,glob> runs fewer tests (a narrowed run, see decision 0062).
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);
// MUTATION_TEST_NAMES=<regex> runs only the tests whose names match (e.g. the permission matrix's
// rows of one area: a policy table's mutants are static, so each of them runs every selected test).
const names = process.env.MUTATION_TEST_NAMES;

export default defineConfig({
  root: import.meta.dirname,
  test: {
    environment: 'node',
    include: only ?? [
      'src/modules/auth/**/*.test.ts',
      'src/modules/mfa/**/*.test.ts',
      'src/modules/passwords/**/*.test.ts',
      'src/modules/roles/**/*.test.ts',
      'src/modules/users/users.admin.test.ts',
      'src/modules/users/users.own.test.ts',
      'test/audit.test.ts',
      'test/audit-writes.test.ts',
      'test/permissions.test.ts',
      'test/platform.test.ts',
      'test/headers.test.ts',
      'test/scope.test.ts',
      'test/concurrency.test.ts',
      'test/malformed-input.test.ts',
      'test/actor-cache.test.ts',
      'test/credentials.test.ts',
    ],
    // The matrix's completeness (a row per route) is about the documents, not the code a
    // mutant changes; a route landed before its row must not stop every mutation run.
    testNamePattern: new RegExp(
      `^(?!.*has a row for every operation of the OpenAPI document)${names ? `(?=.*(?:${names}))` : ''}`,
    ),
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
