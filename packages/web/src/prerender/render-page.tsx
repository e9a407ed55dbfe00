/**
 * The build-time renderer of the public pages (issue 26 point 7): the same routes and components
 * as the app, rendered to HTML in Node with `react-dom/server`, so crawlers and visitors without
 * JavaScript get each page's content and links. `scripts/prerender-web.mjs` bundles this file
 * with Vite (SSR) and writes one HTML file per public path; the server sends it, and the app
 * hydrates it (mount.tsx). Signed-out state: the session is read by the browser, never here.
 */
import { type ApiClient, type OpenApiDocument, PUBLIC_PATHS } from '@mapsmith/core/browser';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createHttpApi } from '../api/http-api';
import { createAppRouter } from '../app/router';

/** The paths to prerender: every indexable page (the ones in the site's own sitemap). */
export const prerenderPaths: readonly string[] = PUBLIC_PATHS;

/**
 * The client of the build: the only call made while rendering on the server is a route loader's
 * read of the API reference (`/api-docs`), answered with the document core generated for this
 * build (effects do not run, so screens make no other call).
 */
function buildTimeApi(openapi: OpenApiDocument): ApiClient {
  const http = createHttpApi();
  return {
    shell: http.shell,
    call: (name, input) =>
      name === 'openapi.get' ? Promise.resolve(openapi as never) : http.call(name, input),
  };
}

/** The markup of `#root` for `path`, as the app's first render in the browser draws it. */
export async function renderPage(path: string, openapi: OpenApiDocument): Promise<string> {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(buildTimeApi(openapi), history);
  await router.load();
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
