import {
  API_TOKEN_REQUESTS_PER_HOUR,
  EXPORT_FORMATS,
  HTTP_ROUTES,
  PAGE_META,
} from '@mapsmith/core/browser';
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
    text: 'Create tokens on your dashboard (API Tokens). A token stops working when Pro ends and resumes when you pay again.',
  },
];

/** The endpoints a token is most often used for, straight from the contract's route table. */
const ENDPOINTS: { route: keyof typeof HTTP_ROUTES; what: string }[] = [
  {
    route: 'crawl.start',
    what: 'Start a crawl. Body: {"url": "https://example.com/"}. Answers {"jobId"}.',
  },
  {
    route: 'crawl.get',
    what: 'Progress and results of a crawl: status, pages found, the URL list when completed.',
  },
  {
    route: 'export.generate',
    what: `Download a sitemap. format is one of ${EXPORT_FORMATS.join(', ')}; add ?compress=true for gzip (xml formats).`,
  },
  { route: 'seo.get', what: 'The SEO health check of a completed crawl.' },
  { route: 'history.list', what: 'Your recent crawls.' },
  {
    route: 'crawl.changes',
    what: 'What changed since the previous crawl of the same site: added, removed, changed and newly excluded URLs (filter crawl.urls with ?change=).',
  },
  { route: 'schedules.list', what: 'Your scheduled crawls, with their next run and last changes.' },
  {
    route: 'schedules.create',
    what: 'Schedule a crawl. Body: {"url", "frequency": "daily"|"weekly"|"monthly", "weekday" (0 Sunday to 6), "monthDay" (1 to 31), "time": "HH:MM", "timeZone": "Europe/Berlin", "settings", "after": {"publish", "mail", "indexNow"}}.',
  },
  {
    route: 'schedules.update',
    what: 'Replace a schedule’s definition (same body as creating one).',
  },
  { route: 'schedules.pause', what: 'Pause or resume a schedule. Body: {"paused": true|false}.' },
  { route: 'schedules.rotateToken', what: 'Give a schedule’s stable sitemap URL a new token.' },
  { route: 'schedules.delete', what: 'Delete a schedule and its published files.' },
];

function ApiDocs() {
  const email = useSupportEmail();
  usePageMeta(PAGE_META['/api-docs']);
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
      <section className="section" aria-labelledby="api-endpoints">
        <h2 id="api-endpoints">Endpoints</h2>
        <p>
          Send <code>Authorization: Bearer msk_…</code> with every request, and a JSON body with{' '}
          <code>Content-Type: application/json</code> with POST requests. Errors answer{' '}
          <code>{'{"error", "message", "code"}'}</code>; switch on <code>code</code>, which never
          changes meaning.
        </p>
        <div className="table-scroll">
          <table className="endpoint-table">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {ENDPOINTS.map((e) => (
                <tr key={e.route}>
                  <td>
                    <code>
                      {HTTP_ROUTES[e.route].method} {HTTP_ROUTES[e.route].path}
                    </code>
                  </td>
                  <td>{e.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Example:{' '}
          <code>
            curl -H "Authorization: Bearer $MAPSMITH_TOKEN" -H "Content-Type: application/json" -d '
            {'{"url":"https://example.com/"}'}' https://mapsmith.app/api/crawl
          </code>
        </p>
        <p>
          No token yet? <Link to="/dashboard">Open your dashboard</Link> (Pro) or{' '}
          <Link to="/subscribe">get Pro</Link>. Questions: <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </section>
    </article>
  );
}

/** The lazily loaded half of `/api-docs`: its screen (the route itself is in `api-docs.tsx`). */
export const apiDocsLazyRoute = createLazyRoute('/api-docs')({
  component: ApiDocs,
});
