import type { ApiClient } from '@mapsmith/core/browser';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import { ShellNavProvider } from './shell-nav';
import '../styles.css';

/**
 * Marks the document (`<html data-hydrated>`) once React has drawn or hydrated the app. Until
 * then a prerendered page's fields are plain HTML that hydration may reset, so tests (and any
 * script driving the page) wait for the mark before typing.
 */
function MarkHydrated(props: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return props.children;
}

/** How a shell mounts the UI beyond its API client. */
export interface MountOptions {
  history?: Parameters<typeof createAppRouter>[1];
  /** Drawn in the navigation bar after the account area (the desktop's Pro account button). */
  navExtra?: ReactNode;
}

/**
 * Mounts the Mapsmith UI into `element` with the given API client. The hosted entry passes the
 * HTTP client; the desktop renderer passes the IPC client (hoppscotch's createHoppApp idea).
 * A prerendered public page (`#root` already holds its HTML, scripts/prerender-web.mjs) is
 * hydrated once its route's screen has loaded, so the first render matches the HTML; an empty
 * element (the app shell, the desktop) is rendered into.
 */
export function mountMapsmith(element: HTMLElement, api: ApiClient, options: MountOptions = {}) {
  const router = createAppRouter(api, options.history);
  const app = (
    <StrictMode>
      <MarkHydrated>
        <ShellNavProvider value={options.navExtra ?? null}>
          <RouterProvider router={router} />
        </ShellNavProvider>
      </MarkHydrated>
    </StrictMode>
  );
  if (element.hasChildNodes()) {
    // The router draws its top level without a Suspense boundary on the server; marked as
    // server-rendered, it draws the same in the browser, so the tree matches the HTML.
    router.ssr = { manifest: undefined };
    void router.load().then(() => hydrateRoot(element, app));
  } else createRoot(element).render(app);
  return router;
}
