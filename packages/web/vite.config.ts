import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/;

/** The hosted web app. In `npm run dev`, /api is proxied to the dev server started beside it. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // The core's modules only declare things (no top-level side effects), so a module whose
        // exports the web does not use, reached through `@mapsmith/core/browser`'s re-exports,
        // is dropped instead of landing in the first-load chunk.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          // React and the router in one long-lived chunk that every page needs (it survives app
          // deploys in the browser cache); route screens are split by their `.lazy` files.
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': `http://127.0.0.1:${process.env.MAPSMITH_API_PORT ?? '3001'}` },
  },
});
