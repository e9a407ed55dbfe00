import { type BulkCrawl, type BulkSite, describeCrawlSettings } from '@mapsmith/core/browser';
import { createLazyRoute, Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { httpGetUrl } from '../api/http-api';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { formatDateTime, plural } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { saveFile } from '../app/save-file';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { ProLocked } from '../components/ProLocked';
import { useBulk } from '../crawl/use-bulk';
import { NotFound } from './not-found';

const STATUS: Record<BulkSite['status'], string> = {
  pending: 'Queued',
  crawling: 'Crawling',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
};

function statusClass(site: BulkSite): string {
  if (site.nothingListed !== null) return 'empty';
  return site.status === 'completed' || site.status === 'failed' ? site.status : 'pending';
}

/** A completed crawl that listed nothing is not "Completed": it says why, as its page does. */
function statusText(site: BulkSite): string {
  return site.nothingListed !== null ? 'Nothing listed' : STATUS[site.status];
}

function Sites(props: { sites: BulkSite[] }) {
  return (
    <div className="table-scroll">
      <table className="url-table bulk-table" data-testid="bulk-sites">
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Listed
            </th>
            <th scope="col" className="num">
              SEO score
            </th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {props.sites.map((site) => (
            <tr key={site.jobId}>
              <td className="col-url" data-label="Site">
                <Link to="/crawls/$jobId" params={{ jobId: site.jobId }}>
                  {site.url}
                </Link>
                {site.error && <span className="muted small block">{site.error}</span>}
              </td>
              <td data-label="Status">
                <span
                  className={`badge status-${statusClass(site)}`}
                  data-testid="bulk-site-status"
                  title={site.nothingListed ?? undefined}
                >
                  {statusText(site)}
                </span>
                {site.nothingListed && (
                  <span className="muted small block" data-testid="bulk-nothing-listed">
                    {site.nothingListed}
                  </span>
                )}
              </td>
              <td className="num" data-label="Listed">
                {site.listed ?? '-'}
              </td>
              <td className="num" data-label="SEO score">
                {site.seoScore ?? '-'}
              </td>
              <td data-label="Changes">{site.changes ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Rejected(props: { lines: BulkCrawl['rejected'] }) {
  if (props.lines.length === 0) return null;
  return (
    <section className="card bulk-rejected" aria-labelledby="rejected-title">
      <h2 id="rejected-title" className="card-title">
        {plural(props.lines.length, 'line')} skipped
      </h2>
      <ul data-testid="bulk-rejected">
        {props.lines.map((line) => (
          <li key={line.line}>
            <strong>Line {line.line}</strong> <code>{line.text}</code>: {line.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Stops every crawl of the list not yet ended (issue 30), after the app's confirmation; each
 * ends with the pages it stored, and the page's poll shows them end.
 */
function StopList(props: { bulkId: string }) {
  const api = useApi();
  const toast = useToast();
  const [stopping, setStopping] = useState(false);
  const stop = async () => {
    if (
      !window.confirm('Stop every crawl of this list that has not finished? Finished sites stay.')
    )
      return;
    setStopping(true);
    try {
      await api.call('bulk.stop', { bulkId: props.bulkId });
    } catch (err) {
      setStopping(false);
      toast({
        title: 'Could not stop the list',
        description: errorText(err, 'Please try again.'),
        variant: 'error',
      });
    }
  };
  return (
    <button
      type="button"
      className="button danger"
      disabled={stopping}
      data-testid="bulk-stop"
      onClick={() => void stop()}
    >
      {stopping ? 'Stopping...' : 'Stop the list'}
    </button>
  );
}

/**
 * The zip of every site: a link to the hosted download, or on desktop the zip's bytes over the
 * IPC saved through the native save dialog, as the crawl page's downloads are.
 */
function DownloadAll(props: { bulkId: string; primary: boolean; none: boolean }) {
  const api = useApi();
  const toast = useToast();
  const className = `button ${props.primary ? 'primary' : ''}`;
  if (api.shell === 'hosted')
    return (
      <a
        className={className}
        href={httpGetUrl('bulk.download', { bulkId: props.bulkId })}
        download
        aria-disabled={props.none}
        data-testid="bulk-download"
      >
        Download all (zip)
      </a>
    );
  const save = async () => {
    try {
      const file = await api.call('bulk.download', { bulkId: props.bulkId });
      saveFile(file.bytes, file.contentType, file.fileName);
    } catch (err) {
      toast({
        title: 'Could not save the zip',
        description: errorText(err, 'Please try again.'),
        variant: 'error',
      });
    }
  };
  return (
    <button type="button" className={className} onClick={save} data-testid="bulk-download">
      Download all (zip)
    </button>
  );
}

function Summary(props: { bulk: BulkCrawl }) {
  const { sites, finished } = props.bulk;
  const done = sites.filter((s) => s.status === 'completed').length;
  const failed = sites.filter((s) => s.status === 'failed').length;
  const settings = describeCrawlSettings(props.bulk.settings);
  return (
    <div className="bulk-summary">
      <p role="status" data-testid="bulk-progress">
        {finished
          ? `All ${plural(sites.length, 'site')} done: ${done} completed${failed ? `, ${failed} failed` : ''}.`
          : `${done + failed} of ${plural(sites.length, 'site')} done; the rest are queued or crawling.`}
      </p>
      {settings.length > 0 && <p className="crawled-with">Crawled with: {settings.join(', ')}</p>}
      {!finished && <StopList bulkId={props.bulk.bulkId} />}
      <DownloadAll bulkId={props.bulk.bulkId} primary={finished} none={done === 0} />
      <p className="muted small">
        One folder of sitemaps per site that listed pages, and summary.csv with a row per site.
        {finished ? '' : ' Sites still running are left out: download again once all are done.'}
      </p>
    </div>
  );
}

function BulkDetail() {
  const { bulkId } = useParams({ from: '/bulk/$bulkId' });
  const { status, user } = useAuth();
  const navigate = useNavigate();
  usePageMeta({
    title: 'Bulk Crawl | Mapsmith',
    description: 'One bulk crawl: each site, its sitemap, its SEO score, and one zip of them all.',
  });
  useEffect(() => {
    if (status === 'signed-out') void navigate({ to: '/login', replace: true });
  }, [status, navigate]);
  const state = useBulk(bulkId, status === 'signed-in' && user?.isPro === true);

  if (user && !user.isPro) {
    return (
      <div className="page">
        <ProLocked title="Bulk Crawl">
          <p>Bulk crawls are part of Mapsmith Pro.</p>
        </ProLocked>
      </div>
    );
  }
  if (state.kind === 'missing') return <NotFound />;
  const bulk = state.kind === 'bulk' ? state.bulk : null;
  return (
    <div className="page bulk-page">
      <header className="crawl-head">
        <p className="eyebrow">
          <Link to="/bulk">Bulk crawls</Link>
        </p>
        <h1>
          Bulk crawl
          {bulk ? ` of ${formatDateTime(bulk.createdAt)}` : ''}
        </h1>
      </header>
      {state.kind === 'loading' && (
        <p className="card muted" role="status">
          Loading the bulk crawl...
        </p>
      )}
      {state.kind === 'error' && <p className="card error-text">{state.message}</p>}
      {bulk && (
        <>
          <section className="card" aria-label="Sites">
            <Summary bulk={bulk} />
            <Sites sites={bulk.sites} />
          </section>
          <Rejected lines={bulk.rejected} />
        </>
      )}
    </div>
  );
}

/** The lazily loaded half of `/bulk/{bulkId}` (the route itself is in `bulk-detail.tsx`). */
export const bulkDetailLazyRoute = createLazyRoute('/bulk/$bulkId')({
  component: BulkDetail,
});
