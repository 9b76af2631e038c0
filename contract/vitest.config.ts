import { defineProject } from 'vitest/config';

// Pure contract modules (conditions, form validation): no server, no database.
export default defineProject({
  test: { name: 'contract', environment: 'node', include: ['test/**/*.test.ts'] },
});
