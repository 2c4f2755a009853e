import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { noChunkCycles, signedInCommonGroup } from './chunk-plan';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), noChunkCycles()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/prerender.mjs reads the manifest to preload the sign-in page's code.
    manifest: true,
    // Of the targeted browsers only Firefox 114 and Safari 16.4 lack native module preloading; without
    // the polyfill they just load lazy chunks a little later, and the entry chunk is smaller.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page needs travels as one chunk: split into many, it compresses worse and
          // the login page's initial JavaScript grows by kilobytes. What the signed-in layout,
          // i18next and the dashboard need is a second one (chunk-plan.ts); the sign-in page does
          // without i18next (src/lib/texts.ts).
          groups: [
            { name: 'core', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The pre-rendering build (src/prerender.tsx) has other entries: it keeps automatic splitting.
            ...(isSsrBuild ? [] : [signedInCommonGroup()]),
          ],
        },
      },
    },
  },
}));
