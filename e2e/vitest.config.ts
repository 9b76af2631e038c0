import { defineConfig } from 'vitest/config';

// Browser journeys: the real server process with the built web app, driven in Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // One process for every file, one after another: no fork and fresh imports per file. The
    // files share only modules without state of their own (journey.ts, submissions.ts, browser.ts).
    isolate: false,
    // Only the accessibility sweep marks tests concurrent: two of its visits at a time (decision 0199).
    maxConcurrency: 2,
  },
});
