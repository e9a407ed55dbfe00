import {
  AUDIT_VERDICT_LABELS,
  AUDIT_VERDICTS,
  type AuditVerdict,
  type ValidationResult,
} from '@mapsmith/core/browser';
import { httpGetUrl } from '../api/http-api';
import { formatCount, plural } from '../app/format';
import { useApi } from '../app/use-api';
import { CsvDownload } from '../components/CsvDownload';
import { ReportCounts } from '../report/ReportCounts';
import { AuditTable } from './AuditTable';
import { auditUploadsFile } from './file-upload';
import { type AuditSource, useAudit } from './use-audit';

/**
 * The Pro audit under the checker's result: one button starts the live check of every listed
 * URL as a job; its progress, verdict summary, filters by verdict, table and CSV follow.
 */
export function AuditPanel(props: { source: AuditSource; result: ValidationResult }) {
  const audit = useAudit(props.source);
  const api = useApi();
  const { job } = audit;
  const running = job !== null && (job.status === 'pending' || job.status === 'running');
  const counts = job
    ? AUDIT_VERDICTS.filter((v) => (job.counts[v] ?? 0) > 0)
        .map((v) => ({ reason: v, label: AUDIT_VERDICT_LABELS[v], count: job.counts[v] ?? 0 }))
        .sort((a, b) => b.count - a.count)
    : [];
  const report = { jobId: job?.id ?? '', ...(audit.verdict ? { verdict: audit.verdict } : {}) };
  const percent = job && job.total > 0 ? Math.round((job.checked / job.total) * 100) : 0;
  return (
    <section className="card audit-panel" aria-labelledby="audit-title" data-testid="audit-panel">
      <p className="eyebrow">Pro</p>
      <h3 id="audit-title">Live status of every listed URL</h3>
      {!job && (
        <>
          <p className="muted">
            Requests each URL the sitemap lists (every child sitemap of an index too), politely and
            within robots.txt, and reports redirects, 404s, noindex, canonicals pointing elsewhere,
            robots.txt blocks, files that are neither pages nor documents search engines index, and
            slow answers.
            {'file' in props.source && auditUploadsFile(api.shell)
              ? ' Starting it uploads the file to Mapsmith.'
              : ''}
          </p>
          <button
            type="button"
            className="button primary"
            disabled={audit.starting}
            onClick={() => void audit.start()}
          >
            {audit.starting ? 'Starting...' : 'Check every URL live'}
          </button>
          {audit.error && (
            <p className="form-error" role="alert">
              {audit.error}
            </p>
          )}
        </>
      )}
      {job && (
        <>
          <p className="audit-summary" data-testid="audit-summary" aria-live="polite">
            {job.status === 'failed'
              ? job.error
              : `${formatCount(job.checked)} of ${plural(job.total, 'URL')} checked${running ? '...' : ''}: ${job.summary}`}
          </p>
          {running && (
            <div
              className="progress-track"
              role="progressbar"
              aria-label="URLs checked"
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="progress-fill" style={{ width: `${percent}%` }} />
            </div>
          )}
          {running && (
            <div className="button-row">
              <button
                type="button"
                className="button small danger"
                disabled={audit.stopping}
                data-testid="audit-stop"
                onClick={() => {
                  if (window.confirm('Stop this audit? The URLs checked so far are kept.'))
                    void audit.stop();
                }}
              >
                {audit.stopping ? 'Stopping...' : 'Stop'}
              </button>
            </div>
          )}
          {audit.error && (
            <p className="form-error" role="alert">
              {audit.error}
            </p>
          )}
          {job.status === 'completed' && job.error && <p className="muted">{job.error}</p>}
          {job.truncated && (
            <p className="muted">
              The sitemap lists more than an audit checks; the first{' '}
              {plural(job.total, 'URL was', 'URLs were')} checked.
            </p>
          )}
          {job.checked > 0 && (
            <>
              <ReportCounts<AuditVerdict>
                counts={counts}
                total={job.checked}
                active={audit.verdict}
                onPick={audit.filter}
              />
              <CsvDownload
                href={httpGetUrl('audit.report', report)}
                filterLabel={audit.verdict && AUDIT_VERDICT_LABELS[audit.verdict]}
                file={() => api.call('audit.report', report)}
              />
              <AuditTable rows={audit.rows} busy={running} />
              {audit.nextCursor !== null && (
                <button type="button" className="button" onClick={() => void audit.more()}>
                  Show more ({(audit.total - audit.rows.length).toLocaleString('en-US')} left)
                </button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
