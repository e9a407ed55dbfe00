import { type OpenApiDocument, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { OperationCard, type OperationEntry } from '../api-docs/OperationCard';
import { fieldRows } from '../api-docs/schema-text';
import { useSupportEmail } from '../app/config';
import { plural } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { PageHeader } from '../components/PageHeader';

/** Where the document is served, for the link people (and OpenAPI tools) follow. */
const DOCUMENT_PATH = '/api/openapi.json';

function operationsByTag(doc: OpenApiDocument): Map<string, OperationEntry[]> {
  const byTag = new Map<string, OperationEntry[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'Reference';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return byTag;
}

function Tiles(props: { doc: OpenApiDocument }) {
  const token = props.doc.components.securitySchemes.apiToken;
  const operations = Object.values(props.doc.paths).flatMap((m) => Object.values(m)).length;
  const rateHeaders = Object.keys(props.doc.components.headers).filter((h) => h.startsWith('X-'));
  const tiles = [
    {
      title: 'REST API',
      text: `${plural(operations, 'operation')} over HTTPS and JSON: start crawls, poll them, page their URL tables, download any sitemap format.`,
    },
    {
      title: 'API key authentication',
      text: (
        <>
          Send your token as <code>Authorization: Bearer {token.bearerFormat}</code> with every
          request. Revoke it any time from the dashboard.
        </>
      ),
    },
    {
      title: `${plural(token['x-requests-per-hour'], 'request')} per hour`,
      text: (
        <>
          Per token, over a rolling hour. Every answer says where you stand:{' '}
          {rateHeaders.map((name, i) => (
            <span key={name}>
              {i > 0 && ', '}
              <code>{name}</code>
            </span>
          ))}
          .
        </>
      ),
    },
    {
      title: token['x-plan'] === 'pro' ? 'Pro only' : 'Every plan',
      text: 'Tokens belong to Mapsmith Pro: create them under API Tokens on your dashboard. A token stops working when Pro ends and works again when you renew.',
    },
  ];
  return (
    <div className="card-grid">
      {tiles.map((t) => (
        <div key={t.title} className="card">
          <h2 className="card-title">{t.title}</h2>
          <p>{t.text}</p>
        </div>
      ))}
    </div>
  );
}

function Basics(props: { doc: OpenApiDocument; baseUrl: string }) {
  const { doc, baseUrl } = props;
  const errorFields = fieldRows(doc.components.schemas.ApiError);
  return (
    <section className="section" aria-labelledby="api-basics">
      <h2 id="api-basics">How it works</h2>
      <ol className="api-steps">
        <li>
          Get a token: <Link to="/dashboard">your dashboard</Link> (Pro), API Tokens, Create. It is
          shown once.
        </li>
        <li>
          Start a crawl (<a href="#crawl.start">POST /api/crawl</a>), poll it (
          <a href="#crawl.get">GET /api/crawl/{'{jobId}'}</a>) until its status is completed, then
          page its URLs (<a href="#crawl.urls">the URL table</a>) and download its sitemaps (
          <a href="#export.generate">GET /api/generate/…</a>).
        </li>
        <li>
          POST and DELETE calls send a JSON body with <code>Content-Type: application/json</code>,{' '}
          <code>{'{}'}</code> when they take no fields.
        </li>
      </ol>
      <h3>Rate limits</h3>
      <ul className="api-headers">
        {Object.entries(doc.components.headers).map(([name, header]) => (
          <li key={name}>
            <code>{name}</code>: {header.description}
          </li>
        ))}
      </ul>
      <h3>Errors</h3>
      <p>
        A failed call answers JSON with the fields{' '}
        {errorFields.map((f, i) => (
          <span key={f.name}>
            {i > 0 && ', '}
            <code>{f.name}</code>
          </span>
        ))}
        . Switch on <code>code</code>: it never changes meaning. <code>message</code> is a sentence
        for people. Each operation below lists its codes by status.
      </p>
      <p>
        The whole reference is an OpenAPI {doc.openapi} document:{' '}
        <a href={`${baseUrl}${DOCUMENT_PATH}`}>{DOCUMENT_PATH}</a>. Generate a client for your
        language from it with any OpenAPI tool.
      </p>
    </section>
  );
}

/** True once the page runs in the browser after hydration; false on the server and while hydrating. */
const noSubscription = () => () => {};
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function ApiDocs() {
  const email = useSupportEmail();
  usePageMeta(PAGE_META['/api-docs']);
  const doc = apiDocsLazyRoute.useLoaderData();
  const hydrated = useHydrated();

  // A link to an operation (#crawl.start, from this page or elsewhere) opens its card.
  useEffect(() => {
    if (!doc) return;
    const reveal = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const card = id ? document.getElementById(id) : null;
      if (card instanceof HTMLDetailsElement) {
        card.open = true;
        card.scrollIntoView();
      }
    };
    reveal();
    window.addEventListener('hashchange', reveal);
    return () => window.removeEventListener('hashchange', reveal);
  }, [doc]);

  // The curl lines name the site they are read on. The HTML is made at build time, when that
  // is not known (and the running server's document may name its public URL), so the first
  // render, on the server and while hydrating, uses paths alone; the browser then fills in the
  // desktop's hosted site or the page's own origin.
  const server = doc?.servers[0]?.url ?? '/';
  const baseUrl =
    doc && hydrated
      ? (/^https?:/.test(server) ? server : window.location.origin).replace(/\/+$/, '')
      : '';
  return (
    <article className="page">
      <PageHeader
        eyebrow="Developers"
        title={doc?.info.title ?? 'Mapsmith API'}
        lead="Automate sitemap generation from your deployment pipeline or your agency’s tooling."
      />
      {!doc && (
        <p className="card" role="alert">
          The API reference could not be loaded. It is also at{' '}
          <a href={DOCUMENT_PATH}>{DOCUMENT_PATH}</a>.
        </p>
      )}
      {doc && (
        <>
          <Tiles doc={doc} />
          <Basics doc={doc} baseUrl={baseUrl} />
          {[...operationsByTag(doc)].map(([tag, entries]) =>
            entries.length === 0 ? null : (
              <section key={tag} className="section api-tag" aria-label={tag}>
                <h2>{tag}</h2>
                <p className="muted">{doc.tags.find((t) => t.name === tag)?.description}</p>
                {entries.map((entry) => (
                  <OperationCard
                    key={entry.operation.operationId}
                    doc={doc}
                    entry={entry}
                    baseUrl={baseUrl}
                  />
                ))}
              </section>
            ),
          )}
        </>
      )}
      <p>
        No token yet? <Link to="/dashboard">Open your dashboard</Link> (Pro) or{' '}
        <Link to="/subscribe">get Pro</Link>. Questions: <a href={`mailto:${email}`}>{email}</a>.
      </p>
    </article>
  );
}

/** The lazily loaded half of `/api-docs`: its screen (the route itself is in `api-docs.tsx`). */
export const apiDocsLazyRoute = createLazyRoute('/api-docs')({
  component: ApiDocs,
});
