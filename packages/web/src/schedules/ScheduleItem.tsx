import { changeSummaryWords, type Schedule } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { cadenceWords, STATE_WORDS, zonedWords } from './schedule-words';

/** What a schedule's buttons do (the page calls the API and refreshes). */
export interface ScheduleActions {
  edit(s: Schedule): void;
  pause(s: Schedule, paused: boolean): void;
  remove(s: Schedule): void;
  rotate(s: Schedule): void;
}

/**
 * One schedule in the list: its site and cadence, its state, the next and the last run (with
 * what changed), its stable sitemap URL, and its buttons.
 */
export function ScheduleItem(props: {
  schedule: Schedule;
  busy: boolean;
  actions: ScheduleActions;
}) {
  const { schedule: s, busy, actions } = props;
  const [copied, setCopied] = useState(false);
  // Deleting asks in place, as deleting a crawl does (walkthrough defect 50: a native confirm).
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    if (!s.sitemapUrl) return;
    await navigator.clipboard?.writeText(s.sitemapUrl).catch(() => undefined);
    setCopied(true);
  };
  return (
    <li className="schedule-item" data-testid="schedule-item">
      <h3>{s.url}</h3>
      <p>
        <span className="schedule-state" data-state={s.state}>
          {STATE_WORDS[s.state]}
        </span>{' '}
        {cadenceWords(s)} <span className="muted">({s.timeZone})</span>
      </p>
      {s.nextRunAt && (
        <p className="small" data-testid="schedule-next">
          Next run: {zonedWords(s.nextRunAt, s.timeZone)}
        </p>
      )}
      {s.state === 'pro-ended' && (
        <p className="small">
          Runs resume when Pro is active again. <Link to="/subscribe">Add a month of Pro</Link>
        </p>
      )}
      {s.lastJobId && (
        <p className="small">
          Last run{s.lastRunAt ? ` ${zonedWords(s.lastRunAt, s.timeZone)}` : ''}:{' '}
          <Link to="/crawls/$jobId" params={{ jobId: s.lastJobId }} search={{}}>
            {s.lastChanges ? changeSummaryWords(s.lastChanges) : 'see the report'}
          </Link>
        </p>
      )}
      {s.runningJobId && (
        <p className="small">
          <Link to="/crawls/$jobId" params={{ jobId: s.runningJobId }} search={{}}>
            Follow the run in progress
          </Link>
        </p>
      )}
      {s.lateSlotAt && s.lastRunAt && (
        <p className="small" data-testid="schedule-late">
          The run due {zonedWords(s.lateSlotAt, s.timeZone)} was missed while Mapsmith was not
          running (or the run before it had not ended); it ran at the next start,{' '}
          {zonedWords(s.lastRunAt, s.timeZone)}. Missed runs are made up once.
        </p>
      )}
      <ReportRecipientsLine schedule={s} />
      {s.lastError && (
        <p className="small field-error" role="note">
          {s.lastError}
        </p>
      )}
      {s.sitemapUrl && (
        <div className="stable-url">
          <span>Stable sitemap URL:</span>
          <code data-testid="stable-url">{s.sitemapUrl}</code>
          <button type="button" className="button small" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button
            type="button"
            className="button small ghost"
            disabled={busy}
            onClick={() => actions.rotate(s)}
          >
            New URL
          </button>
          {!s.publishedAt && <span className="muted small">Files appear after the first run.</span>}
        </div>
      )}
      {s.sitemapUrl && <RobotsLine site={s.url} sitemapUrl={s.sitemapUrl} />}
      {confirming ? (
        <ConfirmDelete
          question={`Delete the schedule of ${s.url}?${s.sitemapUrl ? ' Its stable sitemap URL stops working.' : ''}`}
          confirmLabel="Delete schedule"
          busy={busy}
          onConfirm={() => actions.remove(s)}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div className="schedule-actions">
          <button
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => actions.edit(s)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => actions.pause(s, s.state !== 'paused')}
          >
            {s.state === 'paused' ? 'Resume' : 'Pause'}
          </button>
          <button
            type="button"
            className="button small danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The stable sitemap URL is on our host, not the site's: search engines accept a sitemap from
 * another host only when the site's own robots.txt names it (sitemaps.org "cross submits"), so
 * the line to add is given, ready to copy (walkthrough defect 35).
 */
function RobotsLine(props: { site: string; sitemapUrl: string }) {
  const robots = URL.canParse(props.site) ? new URL('/robots.txt', props.site).href : null;
  return (
    <div className="small robots-line" data-testid="robots-line">
      <p>
        This sitemap is served from our host, not from your site. Search engines accept it only when
        your site&apos;s robots.txt
        {robots && (
          <>
            {' '}
            (<span className="mono">{robots}</span>)
          </>
        )}{' '}
        has this line:
      </p>
      <pre className="code-block">
        <code>Sitemap: {props.sitemapUrl}</code>
      </pre>
    </div>
  );
}

/** Who gets the report mail (issue 29): the addresses, and who unsubscribed. */
function ReportRecipientsLine(props: { schedule: Schedule }) {
  const { reportTo, reportUnsubscribed } = props.schedule;
  if (reportTo.length === 0 && reportUnsubscribed.length === 0) return null;
  const left = reportUnsubscribed.map((u) => u.email).join(', ');
  return (
    <p className="small" data-testid="schedule-report-to">
      {reportTo.length > 0
        ? `Report mailed to ${reportTo.join(', ')}.`
        : 'The report is mailed to nobody.'}
      {left && <span className="muted"> Unsubscribed: {left}.</span>}
    </p>
  );
}
