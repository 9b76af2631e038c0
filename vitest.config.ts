import { defineConfig } from 'vitest/config';

// `npm test` runs every unit and HTTP test; the browser journeys live in e2e/ (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['client', 'contract', 'e2b', 'server', 'web'],
  },
});
