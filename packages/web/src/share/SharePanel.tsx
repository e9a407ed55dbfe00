import type { ShareLinkInfo } from '@mapsmith/core/browser';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../app/format';
import { useApi } from '../app/use-api';
import { ReportPdfButton } from './ReportPdfButton';
import { useShareLinks } from './use-share-links';

/** The expiries offered, in days; null: the link lives until revoked. */
const EXPIRIES = [
  { days: null, label: 'Never (until revoked)' },
  { days: 7, label: 'In 7 days' },
  { days: 30, label: 'In 30 days' },
  { days: 90, label: 'In 90 days' },
] as const;

function stateText(link: ShareLinkInfo): string {
  if (link.state === 'revoked') return `revoked ${formatDate(link.revokedAt ?? link.createdAt)}`;
  if (link.state === 'expired') return `expired ${formatDate(link.expiresAt ?? link.createdAt)}`;
  return link.expiresAt ? `expires ${formatDate(link.expiresAt)}` : 'no expiry';
}

/**
 * "Share with a client" on a completed crawl (issue 29 point 3): the crawl's report as a PDF in
 * both shells; hosted, also a read-only link to it. A share link needs a public server to open
 * it, so the desktop says where links are made instead.
 */
export function SharePanel(props: { jobId: string }) {
  const api = useApi();
  return (
    <section className="card share-panel" aria-labelledby="share-title" data-testid="share-panel">
      <h2 id="share-title" className="card-title">
        Share with a client
      </h2>
      {api.shell === 'hosted' ? (
        <ShareLinks jobId={props.jobId} />
      ) : (
        <>
          <p className="muted small">
            This report as a PDF to send a client: summary, SEO score and issues, the site at a
            glance, changes since the previous crawl.
          </p>
          <p className="muted small" data-testid="share-hosted-note">
            Share links to a read-only page of a report are made on the hosted Mapsmith app: a link
            needs a public server to open it.
          </p>
          <div className="share-actions">
            <ReportPdfButton jobId={props.jobId} />
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The hosted half: a read-only link to the crawl's report for a client (no account needed),
 * made with an optional expiry, copied once (only its hash is kept), listed and revoked; and
 * the same report as a PDF.
 */
function ShareLinks(props: { jobId: string }) {
  const share = useShareLinks(props.jobId);
  const [days, setDays] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const url = share.created ? `${window.location.origin}${share.created.path}` : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    void share.create(days);
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      share.setError('Could not copy: select the link and copy it by hand.');
    }
  };

  return (
    <>
      <p className="muted small">
        A read-only page of this report (summary, SEO score and issues, changes, sitemap files) that
        opens without an account and is never indexed by search engines.
      </p>
      <div className="share-actions">
        <form className="share-form" onSubmit={submit}>
          <label htmlFor="share-expiry">Link expires</label>
          <select
            id="share-expiry"
            value={days ?? ''}
            onChange={(e) => setDays(e.target.value === '' ? null : Number(e.target.value))}
          >
            {EXPIRIES.map((e) => (
              <option key={e.label} value={e.days ?? ''}>
                {e.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button primary" disabled={share.busy}>
            Create share link
          </button>
        </form>
        <ReportPdfButton jobId={props.jobId} />
      </div>
      {url && (
        <div className="token-once" role="status">
          <p className="warning-text">Copy the link now: it will not be shown again.</p>
          <div className="token-row">
            <code data-testid="share-url">{url}</code>
            <button type="button" className="button small" onClick={() => copy(url)}>
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </div>
      )}
      {share.error && (
        <p className="form-error" role="alert">
          {share.error}
        </p>
      )}
      {share.links && share.links.length === 0 && (
        <p className="muted small">No share links of this crawl yet.</p>
      )}
      {share.links && share.links.length > 0 && (
        <ul className="crawl-list" data-testid="share-list">
          {share.links.map((link) => (
            <li key={link.id} className="crawl-row" data-state={link.state}>
              <div className="crawl-row-main">
                <span className="crawl-url">Link made {formatDate(link.createdAt)}</span>
                <span className="muted small">{stateText(link)}</span>
              </div>
              {link.state === 'live' && (
                <button
                  type="button"
                  className="button small"
                  aria-label={`Revoke the link made ${formatDate(link.createdAt)}`}
                  onClick={() => share.revoke(link.id)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
