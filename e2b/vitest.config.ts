import { defineProject } from 'vitest/config';

// Pure library tests: no server, no database. The first schema compile takes ~250 ms.
export default defineProject({
  test: { name: 'e2b', testTimeout: 30_000, environment: 'node', include: ['test/**/*.test.ts'] },
});
