import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { uiBundleOptions } from './packages/web/bundle-options';

const desktop = (...parts: string[]) => resolve(import.meta.dirname, 'packages/desktop', ...parts);
// Workspace packages are bundled from source; third-party deps stay external in main.
const conditions = ['source', 'module', 'node', 'development|production'];

/**
 * electron-vite builds the renderer with relative asset paths (`./assets/…`); a reload on a
 * nested page (`/crawls/{id}`, `/how-to/{slug}`) would then look for `/crawls/assets/…`. The
 * app protocol serves every file from its root, so the page's own tags point there.
 */
const rootAssets: Plugin = {
  name: 'mapsmith-root-assets',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replaceAll('"./assets/', '"/assets/'),
  },
};

/** The desktop app: main (wiring), an isolated fully bundled preload, and the web UI as renderer. */
export default defineConfig({
  main: {
    resolve: { conditions },
    // Main is a Node (SSR) build: without this Vite resolves our packages to their dist builds.
    ssr: { resolve: { conditions } },
    build: {
      outDir: desktop('out/main'),
      // puppeteer-core (rendering in the crawler process) and sqlite3 (a native module, opened
      // through @mapsmith/sqlite) ship from node_modules, unbundled.
      externalizeDeps: {
        exclude: ['@mapsmith/app', '@mapsmith/core', '@mapsmith/render', '@mapsmith/sqlite'],
        include: ['puppeteer-core', 'sqlite3'],
      },
      // The crawler process is a second main-side entry: main forks it as a utilityProcess.
      rollupOptions: {
        input: {
          index: desktop('src/main/index.ts'),
          'crawler-process': desktop('src/crawler-process/index.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: desktop('out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: desktop('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: desktop('src/renderer'),
    plugins: [react(), rootAssets],
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    build: {
      outDir: desktop('out/renderer'),
      rollupOptions: { ...uiBundleOptions, input: { index: desktop('src/renderer/index.html') } },
    },
  },
});
