import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The browser console: a Preact app built into dist/web, which `desk serve` serves on the API's own
 * origin (src/adapters/http/middleware/web-console.ts). No dev server is needed at run time.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // JSX for Preact through Vite's own transform: no Babel, no plugin.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The one module of the server's source the console may import (test/architecture checks it).
  resolve: { alias: { '@desk/contract': fileURLToPath(new URL('../src/contract/index.ts', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The strict CSP allows no inline script: every module is a file of its own.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
