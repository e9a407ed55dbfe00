import { API_TOKEN_REQUESTS_PER_HOUR } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useSupportEmail } from '../app/config';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';

const TILES = [
  {
    title: 'REST API',
    text: 'Start crawls, poll their progress and download any of the eight sitemap formats over plain HTTPS and JSON.',
  },
  {
    title: 'API key authentication',
    text: 'Each request carries a personal API token. Tokens can be revoked at any time from the dashboard.',
  },
  {
    title: `${API_TOKEN_REQUESTS_PER_HOUR} requests per hour`,
    text: 'Per token, resetting every hour. Every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.',
  },
  {
    title: 'Pro only',
    text: 'API access is part of the Pro plan, together with unlimited pages and priority support.',
  },
];

function ApiDocs() {
  const email = useSupportEmail();
  usePageMeta({
    title: 'Mapsmith API | Sitemap Generation for Developers',
    description:
      'The Mapsmith REST API for Pro users: token authentication, 100 requests per hour per token, crawls and sitemap downloads over JSON.',
  });
  return (
    <article className="page">
      <PageHeader
        eyebrow="Developers"
        title="Mapsmith API"
        lead="Automate sitemap generation from your deployment pipeline or your agency’s tooling."
      />
      <div className="card-grid">
        {TILES.map((t) => (
          <div key={t.title} className="card">
            <h2 className="card-title">{t.title}</h2>
            <p>{t.text}</p>
          </div>
        ))}
      </div>
      <section className="notice" aria-labelledby="api-soon">
        <h2 id="api-soon">Coming Soon</h2>
        <p>
          API tokens are not open yet. The endpoint reference will be published here when they are.
          To be told first, write to <a href={`mailto:${email}`}>{email}</a>, or{' '}
          <Link to="/subscribe">upgrade to Pro</Link> and your tokens will be ready on launch day.
        </p>
      </section>
    </article>
  );
}

/** The lazily loaded half of `/api-docs`: its screen (the route itself is in `api-docs.tsx`). */
export const apiDocsLazyRoute = createLazyRoute('/api-docs')({
  component: ApiDocs,
});
