import { type BulkListItem, MAX_BULK_SITES, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from '../app/auth';
import { formatDateTime, plural } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { useApi } from '../app/use-api';
import { BulkForm } from '../components/BulkForm';
import { ProLocked } from '../components/ProLocked';
import { SignInLink } from '../components/SignInLink';

/** The desktop's way to Pro: a linked account (decisions.md: the desktop is free until then). */
export const DESKTOP_LINK_PRO =
  'Already Pro? Link your Pro account with an API token (the Link Pro account button) to run bulk lists in the desktop app.';

function BulkList() {
  const api = useApi();
  const [items, setItems] = useState<BulkListItem[] | null>(null);
  useEffect(() => {
    let live = true;
    api.call('bulk.list', {}).then(
      (list) => live && setItems(list),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <section className="card" aria-labelledby="bulk-list-title" aria-busy={items === null}>
      <h2 id="bulk-list-title" className="card-title">
        Your bulk crawls
      </h2>
      {items === null ? (
        <p className="muted">Loading...</p>
      ) : items.length === 0 ? (
        <p className="muted">None yet: your first list shows here once started.</p>
      ) : (
        <ul className="crawl-list" data-testid="bulk-list">
          {items.map((item) => (
            <li key={item.bulkId} className="crawl-row">
              <div className="crawl-row-main">
                <Link to="/bulk/$bulkId" params={{ bulkId: item.bulkId }} className="crawl-url">
                  {formatDateTime(item.createdAt)}
                </Link>
                <span className="muted small">
                  {plural(item.sites, 'site')} · {item.completed} completed
                  {item.failed > 0 ? ` · ${item.failed} failed` : ''}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BulkPage() {
  usePageMeta(PAGE_META['/bulk']);
  const api = useApi();
  const { status, user } = useAuth();
  const desktop = api.shell === 'desktop';

  const pitch = (
    <p>
      Paste or upload a list of up to {MAX_BULK_SITES} sites: each is crawled on its own, and one
      zip holds every site's sitemaps with a CSV summary. Bulk crawls are part of Mapsmith Pro.
    </p>
  );
  // A visitor learns what the page offers, and how to get it, rather than being bounced.
  if (status === 'signed-out') {
    return (
      <div className="page">
        <ProLocked title="Bulk Crawl">
          {pitch}
          <p>
            Already Pro? <SignInLink>Sign in</SignInLink>
          </p>
        </ProLocked>
      </div>
    );
  }
  if (status !== 'signed-in' || !user) {
    return (
      <div className="page">
        <p className="card auth-checking" role="status">
          Loading...
        </p>
      </div>
    );
  }
  if (!user.isPro) {
    return (
      <div className="page">
        <ProLocked title="Bulk Crawl">
          {pitch}
          {desktop && <p>{DESKTOP_LINK_PRO}</p>}
        </ProLocked>
      </div>
    );
  }
  return (
    <div className="page bulk-page">
      <header className="crawl-head">
        <p className="eyebrow">Pro</p>
        <h1>Bulk Crawl</h1>
        <p className="muted">
          Up to {MAX_BULK_SITES} sites from one list, each crawled on its own and queued fairly
          {desktop ? ' on this computer' : " beside everyone else's crawls"}. Bad lines are skipped
          and listed with the reason.
        </p>
      </header>
      <div className="bulk-grid">
        <BulkForm />
        <BulkList />
      </div>
    </div>
  );
}

/** The lazily loaded half of `/bulk` (the route itself is in `bulk.tsx`). */
export const bulkLazyRoute = createLazyRoute('/bulk')({
  component: BulkPage,
});
