import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: importing the app (Fastify, every area, the
    // contract's schemas, the E2B library) again for each file took longer than many files'
    // tests. Nothing here mocks a module, and each file makes its own tenant and app (0198).
    isolate: false,
  },
});
