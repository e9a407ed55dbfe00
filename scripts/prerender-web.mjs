// `npm run build:web`, second step: renders every public page of the built web app to complete
// HTML (issue 26 point 7), so crawlers and visitors without JavaScript get the content and links.
// Bundles packages/web/src/prerender/render-page.tsx for Node with Vite (SSR), renders each path
// into dist/index.html's `#root`, and writes dist/.prerendered/<path>.html, which the server
// sends for that path (packages/server/src/http/web-app.ts). The dot keeps the files out of the
// server's static folder: they are only ever answered under their page's own address.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildOpenApiDocument } from '@mapsmith/core';
import { build } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '../packages/web');
const dist = path.join(webRoot, 'dist');
const outDir = path.join(dist, '.prerendered');
// Inside the repository, so the bundle's imports (react, the router, zod) resolve from node_modules.
const ssrDir = path.resolve(import.meta.dirname, '../node_modules/.cache/mapsmith-prerender');
const ROOT = '<div id="root"></div>';

try {
  await build({
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const entry = fs.readdirSync(ssrDir).find((f) => /^render-page\.m?js$/.test(f));
  if (!entry) throw new Error(`the SSR build wrote no render-page.js in ${ssrDir}`);
  const { renderPage, prerenderPaths } = await import(pathToFileURL(path.join(ssrDir, entry)).href);
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!template.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
  fs.rmSync(outDir, { recursive: true, force: true });
  // The API reference of /api-docs, as the server publishes it (its address is filled in by the
  // browser: the public URL is not known at build time).
  const openapi = buildOpenApiDocument({});
  for (const page of prerenderPaths) {
    const html = await renderPage(page, openapi);
    // `<!--$!-->` is a Suspense boundary React gave up on: the page threw while rendering.
    if (html.includes('<!--$!-->')) throw new Error(`${page} failed to render on the server`);
    const file = path.join(outDir, `${page === '/' ? '/index' : page}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, template.replace(ROOT, `<div id="root">${html}</div>`));
  }
  process.stdout.write(`prerendered ${prerenderPaths.length} public pages into ${outDir}\n`);
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
