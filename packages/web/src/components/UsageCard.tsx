import { type Analytics, USAGE_WARNING_RATIO } from '@mapsmith/core/browser';
import { formatDate, plural } from '../app/format';

function resetDate(iso: string | undefined): string {
  const now = new Date();
  // The quota resets on the 1st of the next month, UTC (decisions.md).
  const date = iso
    ? new Date(iso)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return formatDate(date.toISOString());
}

/** Monthly usage (spec §2): the bar against the quota for free users, nothing metered for Pro. */
export function UsageCard(props: { analytics: Analytics | null; isPro: boolean }) {
  const usage = props.analytics?.usage;
  if (props.isPro) {
    return (
      <section className="card" aria-labelledby="usage-title">
        <h2 id="usage-title" className="card-title">
          Monthly Usage
        </h2>
        <p>Unlimited pages with Pro. There is no monthly quota on your account.</p>
      </section>
    );
  }
  const used = usage?.used ?? 0;
  const limit = usage?.limit ?? 0;
  const ratio = limit > 0 ? used / limit : 0;
  return (
    <section className="card" aria-labelledby="usage-title" data-testid="usage-card">
      <h2 id="usage-title" className="card-title">
        Monthly Usage
      </h2>
      <p>
        <strong>{used}</strong> of {limit || '...'} pages used this month
      </p>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Monthly usage"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
      >
        <div
          className="progress-fill"
          data-warn={ratio > USAGE_WARNING_RATIO}
          style={{ width: `${Math.min(ratio, 1) * 100}%` }}
        />
      </div>
      <p className="muted small">Resets on {resetDate(usage?.resetsAt)}.</p>
      {props.analytics && props.analytics.monthlyUsage.length > 0 && (
        <ul className="month-list" aria-label="Pages crawled by month">
          {props.analytics.monthlyUsage.slice(-6).map((m) => (
            <li key={m.month}>
              <span>{m.month}</span>
              <span>{plural(m.pages, 'page')}</span>
            </li>
          ))}
        </ul>
      )}
      {ratio > USAGE_WARNING_RATIO && (
        <p className="warning-text" role="status">
          You have used {Math.round(ratio * 100)}% of your monthly pages. Upgrade to Pro for
          unlimited pages.
        </p>
      )}
    </section>
  );
}
