import {
  SITEMAP_FLAG_LABELS,
  SITEMAP_FLAGS,
  type SitemapCompareRun,
  type SitemapFinding,
  type SitemapFlag,
} from '@mapsmith/core/browser';
import { httpGetUrl } from '../api/http-api';
import { useAuth } from '../app/auth';
import { formatDateTime, plural } from '../app/format';
import { useApi } from '../app/use-api';
import { CsvDownload } from '../components/CsvDownload';
import { HostedPageLink } from '../components/HostedPageLink';
import { ReportCounts } from '../report/ReportCounts';
import { useSitemapCompare } from './use-sitemap-compare';

function FindingRow(props: { f: SitemapFinding }) {
  const { f } = props;
  return (
    <tr>
      <td className="col-url">
        <a className="url-cell" href={f.url} target="_blank" rel="noreferrer noopener">
          {f.url}
        </a>
      </td>
      <td className="col-flags">
        {f.flags.map((flag) => (
          <span key={flag} className="audit-flag" data-flag={flag}>
            {SITEMAP_FLAG_LABELS[flag]}
          </span>
        ))}
      </td>
      <td>{f.crawlVerdict ?? 'not met by the crawl'}</td>
      <td className="num">{f.listedTimes}</td>
      <td>{f.lastmod ?? ''}</td>
      <td>{f.contentChanged ? f.contentChanged.slice(0, 10) : ''}</td>
    </tr>
  );
}

/** Where the comparison job is, in words, while it waits or runs, or why it failed. */
function CompareState(props: { run: SitemapCompareRun | null }) {
  const { run } = props;
  if (run?.state === 'failed')
    return (
      <p className="form-error" role="alert" data-testid="sitemap-compare-state">
        The last comparison failed: {run.error}
      </p>
    );
  const words =
    run?.state === 'waiting'
      ? 'Waiting for a free worker to read the live sitemaps...'
      : run?.state === 'comparing'
        ? 'Comparing: reading the live sitemaps and setting them beside the crawl...'
        : '';
  return (
    <p
      className={words ? 'muted' : 'visually-hidden'}
      role="status"
      data-testid="sitemap-compare-state"
    >
      {words}
    </p>
  );
}

function ProCompare(props: { jobId: string }) {
  const api = useApi();
  const cmp = useSitemapCompare(props.jobId);
  const report = { jobId: props.jobId, ...(cmp.flag ? { flag: cmp.flag } : {}) };
  const summary = cmp.page?.summary ?? null;
  const counts = summary
    ? SITEMAP_FLAGS.map((f) => ({
        reason: f,
        label: SITEMAP_FLAG_LABELS[f],
        count: summary.counts[f] ?? 0,
      })).filter((c) => c.count > 0)
    : [];
  const unread = summary?.files.filter((f) => f.error !== null) ?? [];
  return (
    <>
      {summary ? (
        <p className="muted" data-testid="sitemap-compare-summary">
          {plural(summary.inSitemap, 'URL')} in{' '}
          {plural(summary.files.length - unread.length, 'live sitemap file')}, read{' '}
          {formatDateTime(summary.checkedAt)}.
          {counts.length === 0 ? ' The sitemap and the crawl agree.' : ''}
          {summary.truncated
            ? ` ${summary.cut ?? 'Reading stopped at its bound; later files were not read.'}`
            : ''}
        </p>
      ) : (
        <p className="muted">
          Reads the site's own sitemaps now (robots.txt Sitemap: lines, /sitemap.xml, indexes, text
          and RSS/Atom sitemaps) and sets them beside this crawl.
        </p>
      )}
      <button
        type="button"
        className="button primary"
        disabled={cmp.busy || cmp.comparing}
        onClick={() => void cmp.compare()}
      >
        {cmp.busy || cmp.comparing
          ? 'Comparing...'
          : summary
            ? 'Compare again'
            : 'Compare with the live sitemap'}
      </button>
      <CompareState run={cmp.page?.run ?? null} />
      {cmp.error && (
        <p className="form-error" role="alert">
          {cmp.error}
        </p>
      )}
      {unread.length > 0 && (
        <ul className="muted compare-unread">
          {unread.map((f) => (
            <li key={f.url}>
              {f.url}: {f.error}
            </li>
          ))}
        </ul>
      )}
      {counts.length > 0 && (
        <>
          <ReportCounts<SitemapFlag>
            counts={counts}
            total={summary?.withFindings ?? 0}
            active={cmp.flag}
            onPick={cmp.filter}
          />
          <CsvDownload
            href={httpGetUrl('crawl.sitemapReport', report)}
            file={() => api.call('crawl.sitemapReport', report)}
            filterLabel={cmp.flag && SITEMAP_FLAG_LABELS[cmp.flag]}
          />
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it. */}
          <section className="table-scroll" aria-label="Sitemap findings" tabIndex={0}>
            <table className="url-table audit-table" data-testid="sitemap-findings">
              <caption className="visually-hidden">The live sitemap against the crawl</caption>
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col" className="col-flags">
                    Sitemap
                  </th>
                  <th scope="col">Crawl verdict</th>
                  <th scope="col" className="num">
                    Listed
                  </th>
                  <th scope="col">Lastmod</th>
                  <th scope="col">Content changed</th>
                </tr>
              </thead>
              <tbody>
                {cmp.page?.rows.map((f) => (
                  <FindingRow key={f.url} f={f} />
                ))}
              </tbody>
            </table>
          </section>
          {cmp.page?.nextCursor != null && (
            <button type="button" className="button" onClick={() => void cmp.more()}>
              Show more
            </button>
          )}
        </>
      )}
    </>
  );
}

/**
 * The card "Live sitemap against this crawl" on a crawl's page (Pro): the site's own sitemaps
 * beside the crawl, with a chip per finding that filters its table, and the CSV. A free user
 * sees what it would show.
 */
export function SitemapCompareCard(props: { jobId: string }) {
  const { user } = useAuth();
  const desktop = useApi().shell === 'desktop';
  return (
    <section
      className="card audit-panel"
      aria-labelledby="compare-title"
      data-testid="sitemap-compare"
    >
      <p className="eyebrow">Pro</p>
      <h2 id="compare-title">Live sitemap against this crawl</h2>
      {user?.isPro ? (
        <ProCompare jobId={props.jobId} />
      ) : (
        <>
          <p>
            Pro reads the site's live sitemaps and shows URLs that are in the sitemap but not
            indexable or never linked, indexable pages missing from it, URLs listed twice, and
            lastmod dates newer than the page's content.
          </p>
          {desktop && (
            <p className="muted">Link a Pro account with an API token to compare here.</p>
          )}
          <HostedPageLink to="/subscribe" className="button primary">
            Get Pro
          </HostedPageLink>
        </>
      )}
    </section>
  );
}
