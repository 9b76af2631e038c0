import { defineProject } from 'vitest/config';

// Tests start a real node:http server per file; the client uses the real global fetch.
export default defineProject({
  test: { name: 'client', testTimeout: 15_000, environment: 'node', include: ['test/**/*.test.ts'] },
});
