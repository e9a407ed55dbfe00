import type { ApiClient } from '@mapsmith/core/browser';
import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFound } from './not-found';

/** What every route can reach through the router context. */
export interface RouterContext {
  /** The shell's API client: the only way screens talk to the product. */
  api: ApiClient;
}

function ScrollToTop() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Runs on every path change (spec §2: scroll to the top on every route change); a hash
  // target scrolls itself into view instead.
  useEffect(() => {
    if (pathname && !window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <header className="site-header">
        <nav className="nav" aria-label="Main">
          <Link to="/" className="brand">
            Mapsmith
          </Link>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>© Mapsmith. Sitemaps that list exactly the pages that belong in them.</p>
      </footer>
    </>
  );
}

/** The root route: layout, scroll-to-top on every route change, and the 404 screen. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});
