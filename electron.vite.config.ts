import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { uiBundleOptions } from './packages/web/bundle-options';

const desktop = (...parts: string[]) => resolve(import.meta.dirname, 'packages/desktop', ...parts);
// Workspace packages are bundled from source; third-party deps stay external in main.
const conditions = ['source', 'module', 'node', 'development|production'];

/** The desktop app: main (wiring), an isolated fully bundled preload, and the web UI as renderer. */
export default defineConfig({
  main: {
    resolve: { conditions },
    // Main is a Node (SSR) build: without this Vite resolves our packages to their dist builds.
    ssr: { resolve: { conditions } },
    build: {
      outDir: desktop('out/main'),
      // puppeteer-core (rendering in the crawler process) ships from node_modules, unbundled.
      externalizeDeps: {
        exclude: ['@mapsmith/core', '@mapsmith/render'],
        include: ['puppeteer-core'],
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
    plugins: [react()],
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    build: {
      outDir: desktop('out/renderer'),
      rollupOptions: { ...uiBundleOptions, input: { index: desktop('src/renderer/index.html') } },
    },
  },
});
