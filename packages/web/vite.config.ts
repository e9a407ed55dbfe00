import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { uiBundleOptions } from './bundle-options.ts';

/** The hosted web app. In `npm run dev`, /api is proxied to the dev server started beside it. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: uiBundleOptions,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': `http://127.0.0.1:${process.env.MAPSMITH_API_PORT ?? '3001'}` },
  },
});
