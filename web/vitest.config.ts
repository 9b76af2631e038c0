import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Form journeys type into many fields; on a loaded two-core CI machine 5 s is too tight.
    testTimeout: 20_000,
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // One module graph per worker, not per file: each file imported React, Mantine and every
    // page (test/render.tsx loads the whole route table) again, which took longer than most
    // files' tests. setup.ts cleans the DOM, storage and spies after each test.
    isolate: false,
  },
});
