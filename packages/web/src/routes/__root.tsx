import type { ApiClient } from '@mapsmith/core/browser';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { AuthProvider } from '../app/auth';
import { ConfigProvider } from '../app/config';
import { ToastProvider } from '../app/toast';
import { Footer } from '../components/Footer';
import { NavBar } from '../components/NavBar';
import { NotFound } from './not-found';

/** What every route can reach through the router context. */
export interface RouterContext {
  /** The shell's API client: the only way screens talk to the product. */
  api: ApiClient;
}

function ScrollToTop() {
  // The rendered leaf match changes in the same render as the new page (after a lazy page's
  // chunk has loaded), so the old page does not jump to the top before it is replaced.
  const page = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.id });
  // Runs on every page change (spec §2: scroll to the top on every route change), before the
  // new page is painted; a hash target scrolls itself into view instead.
  useLayoutEffect(() => {
    if (page && !window.location.hash) window.scrollTo(0, 0);
  }, [page]);
  return null;
}

function RootLayout() {
  return (
    <ConfigProvider>
      <AuthProvider>
        <ToastProvider>
          <ScrollToTop />
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <NavBar />
          <main id="main">
            <Outlet />
          </main>
          <Footer />
        </ToastProvider>
      </AuthProvider>
    </ConfigProvider>
  );
}

/** The root route: layout, scroll-to-top on every route change, and the 404 screen. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});
