import { CRAWL_RETENTION_DAYS, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link, useNavigate, useSearch } from '@tanstack/react-router';
import { plural } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { AuthChecking, useSignedInOnly } from '../app/signed-in-only';
import { useApi } from '../app/use-api';
import { PageHeader } from '../components/PageHeader';
import { ComparePanel } from '../history/ComparePanel';
import { HistoryFilters } from '../history/HistoryFilters';
import { HistoryPager } from '../history/HistoryPager';
import { HistoryTable } from '../history/HistoryTable';
import type { HistorySearch } from '../history/history-search';
import { useHistory } from '../history/use-history';

/** How long crawls are kept: the hosted retention rule; the desktop deletes none by itself. */
function retention(shell: 'hosted' | 'desktop'): string {
  return shell === 'desktop'
    ? 'Crawls stay on this computer until you delete them.'
    : `Crawls are kept for ${CRAWL_RETENTION_DAYS} days, then deleted with their files.`;
}

const SORT_WORDS = { date: 'start date', pages: 'pages', score: 'SEO score' } as const;

function CrawlsPage() {
  usePageMeta(PAGE_META['/crawls']);
  const { status, user } = useSignedInOnly();
  const api = useApi();
  const navigate = useNavigate();
  const search = useSearch({ from: '/crawls' });
  const history = useHistory(status === 'signed-in' ? search : null);
  const go = (next: HistorySearch) => void navigate({ to: '/crawls', search: next });

  if (status !== 'signed-in' || !user) return <AuthChecking />;
  const list = history.list;
  const filtered = Boolean(search.q || search.status);
  const dir = search.dir ?? 'desc';
  return (
    <div className="page history-page">
      <PageHeader
        eyebrow="Crawls"
        title="Crawl History"
        lead={`Every crawl you ran, each opening its report. ${retention(api.shell)}`}
      />
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
      <HistoryFilters search={search} onChange={go} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {history.notice}
      </p>
      {history.notice && (
        <p className="notice" data-testid="history-notice">
          {history.notice}
        </p>
      )}
      {history.error ? (
        <section className="card" role="alert" data-testid="history-error">
          <p>{history.error}</p>
          <Link to="/crawls" search={{ ...search, page: undefined }}>
            Go to the first page
          </Link>
        </section>
      ) : !list ? (
        <p className="card" role="status" aria-busy="true">
          Loading your crawls...
        </p>
      ) : list.total === 0 ? (
        <section className="card empty-state" data-testid="history-empty">
          <p>No crawls yet</p>
          <Link to="/" className="button primary">
            Start your first crawl
          </Link>
        </section>
      ) : list.matching === 0 ? (
        <section className="card empty-state" data-testid="history-none-match">
          <p>No crawl matches this search.</p>
          <Link to="/crawls" search={{}}>
            Show every crawl
          </Link>
        </section>
      ) : (
        <>
          <p className="muted" data-testid="history-count">
            {filtered
              ? `${plural(list.matching, 'crawl')} of ${list.total.toLocaleString('en-US')} match`
              : plural(list.total, 'crawl')}
          </p>
          <CompareBar history={history} />
          {history.compared && (
            <ComparePanel
              pair={history.compared.pair}
              changes={history.compared.changes}
              onClose={history.closeComparison}
            />
          )}
          <HistoryTable
            items={list.items}
            caption={`Your crawls${filtered ? ' (filtered)' : ''}, page ${list.page} of ${list.pages}, sorted by ${SORT_WORDS[search.sort ?? 'date']} ${dir === 'asc' ? 'ascending' : 'descending'}`}
            picked={history.picked}
            onPick={history.pick}
            deleting={history.deleting}
            busy={history.busy}
            onAskDelete={history.askDelete}
            onDelete={history.remove}
          />
          <HistoryPager
            page={list.page}
            pages={list.pages}
            onPage={(page) => go({ ...search, page: page > 1 ? page : undefined })}
          />
        </>
      )}
    </div>
  );
}

/** The bar above the table: how many crawls are picked, and the button that compares two. */
function CompareBar(props: { history: ReturnType<typeof useHistory> }) {
  const { picked, compare, compareError, busy } = props.history;
  return (
    <div className="compare-bar">
      <button
        type="button"
        className="button"
        disabled={picked.length !== 2 || busy}
        onClick={compare}
        data-testid="compare-button"
      >
        Compare the two picked crawls
      </button>
      <span className="muted small">
        {picked.length === 2
          ? 'Two crawls picked.'
          : 'Pick two completed crawls of the same site in the Compare column.'}
      </span>
      {compareError && (
        <p className="field-error" role="alert" data-testid="compare-error">
          {compareError}
        </p>
      )}
    </div>
  );
}

/** The lazily loaded half of `/crawls`: its screen (the route itself is in `crawls.tsx`). */
export const crawlsLazyRoute = createLazyRoute('/crawls')({
  component: CrawlsPage,
});
