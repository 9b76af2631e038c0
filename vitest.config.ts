import { defineConfig } from 'vitest/config';

// `npm test` runs every unit and HTTP test; the browser journeys live in e2e/ (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['client', 'contract', 'e2b', 'server', 'web'],
    // Vitest's default is one worker less than the cores: one file at a time on CI's two cores,
    // while a server test spends much of its time waiting on PostgreSQL, sockets and child
    // processes (decision 0198).
    maxWorkers: 2,
  },
});
