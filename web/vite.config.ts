import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { builtAssets } from './build/assets.ts';
import { appShellScrollNames } from './build/scroll-names.ts';

// The API server listens on 8080 in development; the web app calls it on the same origin
// (baseUrl ''), so the dev server and `vite preview` forward API and docs paths to it.
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    appShellScrollNames(),
    builtAssets({
      reportFile: join(import.meta.dirname, 'build-sizes.json'),
      notPages: /\/lib\/translations\/\w+\.ts$|\/texts\/.+\.json$/,
      // Each feature's texts in one language, fetched with its pages in that language (decision 0315).
      texts: /\/web\/src\/(.+\/texts\/.+\.json)$/,
      // Pages in English (the default) fetch its text as they start; a French page fetches French instead.
      startup: /\/lib\/translations\/en\.ts$/,
    }),
  ],
  server: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: the server would not serve them anyway (decision 0027).
    sourcemap: false,
  },
});
