import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Chunks: React, React DOM and the router in one long-cached vendor chunk, TanStack Query in another;
 * everything else split per route by the lazy pages of the registry. The login page is plain markup: it
 * loads the vendor chunks and its own code, and nothing of antd, dayjs or the app shell (menu, layout,
 * lists). test/loginBudget.test.ts fails the tests when the login page's JavaScript grows past its budget;
 * `npm run bench:web` measures it in Chromium.
 */
const vendor = (names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: vendor(['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser']),
              priority: 30,
            },
            { name: 'query', test: vendor(['@tanstack']), priority: 20 },
          ],
        },
      },
    },
  },
});
