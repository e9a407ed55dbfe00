import { type CrawlChanges, type ReportFilter, scopeOf } from '@mapsmith/core/browser';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../app/auth';
import { useApi } from '../app/use-api';
import { type ChartPick, togglePick } from '../charts/chart-bars';
import { ChangeSummary } from './ChangeSummary';
import { reportColumns, sortWords } from './columns';
import { ReportCounts } from './ReportCounts';
import { ReportDownloads } from './ReportDownloads';
import { ReportFilters } from './ReportFilters';
import {
  filterOf,
  isFiltered,
  type ReportSearch,
  type ScopeTab,
  searchOf,
  tabOf,
} from './report-search';
import { ScopeTabs } from './ScopeTabs';
import { UrlDetail } from './UrlDetail';
import { UrlTable } from './UrlTable';
import { REPORT_PAGE_SIZE, useReportPage } from './use-report-page';

/** The charts above the table, in a chunk of their own (read only when a report is shown). */
const ReportCharts = lazy(() => import('../charts/ReportCharts'));

/** The words of the SEO issue the table is filtered to (its rule id until they are read). */
function useIssueLabel(jobId: string, rule: string | undefined): string | undefined {
  const api = useApi();
  const [label, setLabel] = useState<{ rule: string; message: string } | null>(null);
  useEffect(() => {
    if (!rule) return;
    let live = true;
    api.call('seo.get', { jobId }).then(
      (seo) => {
        const issue = seo.issues.find((i) => i.rule === rule);
        if (live && issue) setLabel({ rule, message: issue.message });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, jobId, rule]);
  return rule && label?.rule === rule ? label.message : rule;
}

/** The change report of the crawl (issue 13); null until read or when it cannot be. */
function useChanges(jobId: string): CrawlChanges | null {
  const api = useApi();
  const [changes, setChanges] = useState<{ jobId: string; value: CrawlChanges } | null>(null);
  useEffect(() => {
    let live = true;
    api.call('crawl.changes', { jobId }).then(
      (value) => live && setChanges({ jobId, value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, jobId]);
  return changes?.jobId === jobId ? changes.value : null;
}

/** The rows-shown line under the table: "URLs 51–100 of 4,650" (`index`: the page of those rows). */
function rangeText(index: number, shown: number, matching: number | null): string {
  if (shown === 0) return 'No URL matches this filter.';
  const first = index * REPORT_PAGE_SIZE + 1;
  const last = first + shown - 1;
  const of = matching === null ? '' : ` of ${matching.toLocaleString('en-US')}`;
  return `URLs ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}${of}`;
}

/**
 * The crawl report below the results panel: counts per verdict, the filter bar, the report
 * downloads, the URL table paged by cursor, and the detail of one URL. Filter, sort and the
 * open URL come from the address (`search`) and go back to it through `onSearch`.
 */
export function CrawlReport(props: {
  jobId: string;
  search: ReportSearch;
  onSearch(next: ReportSearch): void;
}) {
  const { jobId, search, onSearch } = props;
  const api = useApi();
  const { user } = useAuth();
  // The live sitemap comparison is the hosted app's, for Pro: only there can it fill a column.
  const liveSitemap = api.shell === 'hosted' && (user?.isPro ?? false);
  const filter = filterOf(search);
  const table = useReportPage(jobId, filter);
  const issueLabel = useIssueLabel(jobId, filter.issue);
  const changes = useChanges(jobId);
  const compared = Boolean(changes?.summary);
  const page = table.page;
  // A verdict lies on one side of the site: picking one shows its tab (unless showing both).
  const setFilter = (next: ReportFilter) =>
    onSearch(searchOf(next.reason && next.scope ? { ...next, scope: scopeOf(next.reason) } : next));
  // A tab drops a verdict of the other side.
  const pickTab = (tab: ScopeTab) => {
    const scope = tab === 'all' ? undefined : tab;
    const kept =
      filter.reason && scope && scopeOf(filter.reason) !== scope ? undefined : filter.reason;
    onSearch(searchOf({ ...filter, scope, reason: kept }));
  };
  // The charts count the site's own URLs: a bar opens that tab, its filter added to the rest.
  const active: ChartPick = {
    reason: filter.reason,
    httpStatus: filter.httpStatus,
    depth: filter.depth,
    time: filter.time,
    under: filter.under,
  };
  const pickChart = (pick: ChartPick) =>
    onSearch(
      searchOf({
        ...filter,
        ...(pick.reason ? { verdict: undefined } : {}),
        ...togglePick(active, pick),
        scope: 'internal',
      }),
    );
  const sort = filter.sort ?? 'crawl';
  const dir = filter.dir ?? 'asc';
  return (
    <section className="crawl-report card" aria-labelledby="report-title" id="urls">
      <h2 id="report-title">Every URL the crawl met</h2>
      {changes?.summary && (
        <ChangeSummary
          changes={changes}
          active={filter.change}
          onPick={(change) => setFilter({ ...filter, change })}
        />
      )}
      <Suspense fallback={null}>
        <ReportCharts jobId={jobId} active={active} onPick={pickChart} />
      </Suspense>
      {page && (
        <>
          <ScopeTabs
            counts={page.counts}
            total={page.total}
            active={tabOf(filter)}
            onPick={pickTab}
          />
          <ReportCounts
            counts={page.counts}
            total={page.total}
            active={filter.reason}
            onPick={(reason) =>
              setFilter({
                ...filter,
                reason,
                verdict: undefined,
              })
            }
          />
        </>
      )}
      <ReportFilters
        filter={filter}
        counts={page?.counts ?? []}
        issueLabel={issueLabel}
        sitemap={liveSitemap}
        onChange={setFilter}
      />
      <ReportDownloads
        jobId={jobId}
        filter={filter}
        total={page?.total ?? 0}
        disabledReason={
          page && page.total === 0
            ? 'The crawl met no URLs, so there is no report to download.'
            : null
        }
      />
      {table.error && (
        <p role="alert" className="field-error" data-testid="report-error">
          {table.error}
        </p>
      )}
      {page && (
        <>
          <UrlTable
            rows={page.rows}
            columns={reportColumns(compared, liveSitemap)}
            sort={sort}
            dir={dir}
            busy={table.loading}
            caption={`URLs of this crawl${isFiltered(filter) ? ' (filtered)' : ''}, sorted by ${sortWords(sort)} ${dir === 'asc' ? 'ascending' : 'descending'}`}
            onSort={(next) => setFilter({ ...filter, ...next })}
            openUrl={(url) => onSearch({ ...search, url })}
          />
          <nav className="pager" aria-label="URL table pages">
            <button
              type="button"
              className="button"
              disabled={!table.hasPrevious || table.loading}
              onClick={table.previous}
            >
              Previous page
            </button>
            <span role="status" data-testid="report-range">
              {table.loading
                ? 'Loading…'
                : rangeText(table.pageIndex, page.rows.length, page.matching)}
            </span>
            <button type="button" className="button" disabled={!table.hasNext} onClick={table.next}>
              Next page
            </button>
          </nav>
        </>
      )}
      {!page && !table.error && (
        <p className="muted" role="status">
          Reading the URL table...
        </p>
      )}
      {search.url && (
        <UrlDetail
          jobId={jobId}
          url={search.url}
          onClose={() => onSearch({ ...search, url: undefined })}
        />
      )}
    </section>
  );
}
