import { type SeoAnalysis, scoreBand } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { formatCount, plural } from '../app/format';
import { useApi } from '../app/use-api';

const SEVERITY_LABEL = { critical: 'Critical', warning: 'Warning', info: 'Info' } as const;

function severityOf(s: string): keyof typeof SEVERITY_LABEL {
  return s === 'critical' || s === 'warning' ? s : 'info';
}

/** Affected URLs an issue shows when opened; the rest are one link away in the URL table. */
export const ISSUE_URLS_SHOWN = 10;

/**
 * One issue: its severity and message, opening to the URLs it is about, with "and N more"
 * leading to the URL table filtered to that issue.
 */
function IssueItem(props: { jobId: string; issue: SeoAnalysis['issues'][number] }) {
  const { issue } = props;
  const sev = severityOf(issue.severity);
  const urls = issue.urls ?? [];
  const shown = urls.slice(0, ISSUE_URLS_SHOWN);
  const total = Math.max(issue.count ?? urls.length, urls.length);
  const head = (
    <>
      <span className={`badge badge-${sev}`}>{SEVERITY_LABEL[sev]}</span> {issue.message}
    </>
  );
  if (shown.length === 0) return <li data-severity={sev}>{head}</li>;
  return (
    <li data-severity={sev}>
      <details className="issue-details">
        <summary>
          {head} <span className="muted small">({plural(total, 'URL')})</span>
        </summary>
        <ul className="issue-urls">
          {shown.map((url, i) => (
            <li key={url}>
              {url}
              {issue.notes?.[i] !== undefined && (
                <span className="issue-note"> {issue.notes[i]}</span>
              )}
            </li>
          ))}
        </ul>
        {issue.rule && (
          <Link
            to="/crawls/$jobId"
            params={{ jobId: props.jobId }}
            search={{ issue: issue.rule }}
            hash="urls"
            className="issue-more"
          >
            {total > shown.length
              ? `and ${(total - shown.length).toLocaleString('en-US')} more`
              : 'Show them in the URL table'}
          </Link>
        )}
      </details>
    </li>
  );
}

/** The SEO analysis card (spec §2): score and band, stats, issues and recommendations. */
export function SeoCard(props: { jobId: string }) {
  const api = useApi();
  const [seo, setSeo] = useState<SeoAnalysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.call('seo.get', { jobId: props.jobId }).then(
      (value) => live && setSeo(value),
      (err) => live && setError(errorText(err, 'The SEO analysis is not available.')),
    );
    return () => {
      live = false;
    };
  }, [api, props.jobId]);
  if (error) {
    return (
      <section className="seo-card card" aria-labelledby="seo-title">
        <h3 id="seo-title">SEO Analysis</h3>
        <p className="muted">{error}</p>
      </section>
    );
  }
  if (!seo) {
    return (
      <section className="seo-card card" aria-labelledby="seo-title" aria-busy="true">
        <h3 id="seo-title">SEO Analysis</h3>
        <p className="muted">Analysing your pages...</p>
      </section>
    );
  }
  const band = scoreBand(seo.score);
  const stats: [string, string | number, boolean?][] = [
    [
      'Total pages',
      seo.stats.listedPages === undefined
        ? seo.stats.totalPages
        : `${plural(seo.stats.totalPages, 'page')}, ${formatCount(seo.stats.listedPages)} listed`,
    ],
    ['Pages with images', seo.stats.pagesWithImages],
    ['Pages with structured data', seo.stats.pagesWithStructuredData],
    ['Avg. response time', `${Math.round(seo.stats.avgResponseTime).toLocaleString('en-US')} ms`],
    ...(seo.stats.p95ResponseTime === undefined
      ? []
      : ([['p95 response time', `${seo.stats.p95ResponseTime.toLocaleString('en-US')} ms`]] as [
          string,
          string,
        ][])),
    ...(seo.stats.timedOutUrls
      ? ([['Timed out', seo.stats.timedOutUrls, true]] as [string, number, boolean][])
      : []),
    ['Broken links', seo.stats.brokenLinks, seo.stats.brokenLinks > 0],
  ];
  return (
    <section className="seo-card card" aria-labelledby="seo-title" data-testid="seo-card">
      <h3 id="seo-title">SEO Analysis</h3>
      <div className="seo-score" data-band={band}>
        <span className="seo-score-value" data-testid="seo-score">
          {Math.round(seo.score)}
        </span>
        <span className="seo-band">{band}</span>
      </div>
      <dl className="seo-stats">
        {stats.map(([label, value, bad]) => (
          <div key={label} className={bad ? 'is-bad' : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {seo.stats.responseTimeNote && (
        <p className="hint seo-stats-note" data-testid="response-time-note">
          Response times: {seo.stats.responseTimeNote}
        </p>
      )}
      {seo.issues.length > 0 && (
        <>
          <h4>Issues</h4>
          <ul className="issue-list">
            {seo.issues.map((issue) => (
              <IssueItem
                key={`${issue.severity}:${issue.message}`}
                jobId={props.jobId}
                issue={issue}
              />
            ))}
          </ul>
        </>
      )}
      {seo.recommendations.length > 0 && (
        <>
          <h4>Recommendations</h4>
          <ul className="rec-list">
            {seo.recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
