import { NOT_FOUND_META } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';

/** The screen for any path that is not a page of the app (spec §2). */
export function NotFound() {
  usePageMeta(NOT_FOUND_META);
  return (
    <section className="not-found">
      <h1>404 Page Not Found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <Link to="/" className="button">
        Back to the sitemap generator
      </Link>
    </section>
  );
}
