import type { ApiClient } from '@mapsmith/core/browser';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routes/route-tree';

/** Builds the router with the shell's API client in its context (hosted: HTTP; desktop: IPC). */
export function createAppRouter(
  api: ApiClient,
  history?: Parameters<typeof createRouter>[0]['history'],
) {
  return createRouter({
    routeTree,
    context: { api },
    history,
    scrollRestoration: false,
    // Hovering or focusing a link fetches its screen's lazy chunk, so the click renders at once.
    defaultPreload: 'intent',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** The address just signed up with, for the confirmation page's resend (issue 26). */
    signupEmail?: string;
    /** The page signing in returns to (SignInLink; never a `?redirect=` in the address). */
    returnTo?: string;
  }
}
