import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
          // the login page's initial JavaScript grows by kilobytes. i18next is not in it: the
          // sign-in page does without (src/lib/texts.ts), every other page loads it as one chunk.
          groups: [
            { name: 'core', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
          ],
        },
      },
    },
  },
});
