import { type SeoAnalysis, scoreBand } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

const SEVERITY_LABEL = { critical: 'Critical', warning: 'Warning', info: 'Info' } as const;

function severityOf(s: string): keyof typeof SEVERITY_LABEL {
  return s === 'critical' || s === 'warning' ? s : 'info';
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
    ['Total pages', seo.stats.totalPages],
    ['Pages with images', seo.stats.pagesWithImages],
    ['Pages with structured data', seo.stats.pagesWithStructuredData],
    ['Avg. response time', `${Math.round(seo.stats.avgResponseTime)} ms`],
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
      {seo.issues.length > 0 && (
        <>
          <h4>Issues</h4>
          <ul className="issue-list">
            {seo.issues.map((issue) => {
              const sev = severityOf(issue.severity);
              return (
                <li key={`${issue.severity}:${issue.message}`} data-severity={sev}>
                  <span className={`badge badge-${sev}`}>{SEVERITY_LABEL[sev]}</span>{' '}
                  {issue.message}
                </li>
              );
            })}
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
