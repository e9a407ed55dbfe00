import { NOT_FOUND_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';
import { findGuide } from '../content/guides';
import { GUIDE_BODIES } from '../content/guides/index';
import { NotFound } from './not-found';

function Guide() {
  const { slug } = howToLazyRoute.useParams();
  const guide = findGuide(slug);
  usePageMeta(
    guide ? { title: `${guide.title} | Mapsmith`, description: guide.description } : NOT_FOUND_META,
  );
  if (!guide) return <NotFound />;
  const Body = GUIDE_BODIES[guide.slug];
  return (
    <article className="page prose-page guide">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/how-to">How-to guides</Link>
          </li>
          <li aria-current="page">{guide.title}</li>
        </ol>
      </nav>
      <header className="page-header">
        <p className="eyebrow">
          {guide.category} · {guide.readMinutes} min read
        </p>
        <h1>{guide.title}</h1>
        <p className="lead">{guide.description}</p>
      </header>
      <Body />
      <div className="cta-box">
        <p>Put it into practice with Mapsmith.</p>
        <Link to={guide.cta.to} hash={guide.cta.hash} className="button primary">
          {guide.cta.label}
        </Link>
      </div>
    </article>
  );
}

/** The lazily loaded half of `/how-to/$slug`: its screen (the route itself is in `how-to.tsx`). */
export const howToLazyRoute = createLazyRoute('/how-to/$slug')({
  component: Guide,
});
