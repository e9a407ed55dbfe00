import type { ApiClient } from '@mapsmith/core/browser';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import '../styles.css';

/**
 * Mounts the Mapsmith UI into `element` with the given API client. The hosted entry passes the
 * HTTP client; the desktop renderer passes the IPC client (hoppscotch's createHoppApp idea).
 */
export function mountMapsmith(
  element: HTMLElement,
  api: ApiClient,
  history?: Parameters<typeof createAppRouter>[1],
) {
  const router = createAppRouter(api, history);
  createRoot(element).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}
