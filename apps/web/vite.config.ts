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
    // scripts/measure-initial-js.mjs reads the manifest to size the login page's initial JavaScript.
    manifest: true,
    // Of the targeted browsers only Firefox 114 and Safari 16.4 lack native module preloading; without
    // the polyfill they just load lazy chunks a little later, and the entry chunk is smaller.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page needs travels as one chunk: split into many, it compresses worse and
          // the login page's initial JavaScript grows by kilobytes.
          groups: [{ name: 'core', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/ }],
        },
      },
    },
  },
});
