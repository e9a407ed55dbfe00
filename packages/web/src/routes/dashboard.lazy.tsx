import type { Analytics, HistoryItem } from '@mapsmith/core/browser';
import { PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDate } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { AuthChecking, useSignedInOnly } from '../app/signed-in-only';
import { useApi } from '../app/use-api';
import { ApiTokensCard } from '../components/ApiTokensCard';
import { ConfirmReminder } from '../components/ConfirmReminder';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { PendingPaymentNotice } from '../components/PendingPaymentNotice';
import { RecentCrawls } from '../components/RecentCrawls';
import { UpgradeBanner } from '../components/UpgradeBanner';
import { UsageCard } from '../components/UsageCard';
import { SchedulesCard } from '../schedules/SchedulesCard';
import { ReportBrandCard } from '../share/ReportBrandCard';

/** A Pro quick action as a free user sees it: its name, the Pro label and the way to get it. */
function ProAction(props: { label: string }) {
  return (
    <div className="quick-locked">
      <span>
        {props.label} <span className="badge badge-pro">Pro</span>
      </span>
      <Link to="/subscribe" aria-label={`Upgrade to Pro for ${props.label}`}>
        Upgrade
      </Link>
    </div>
  );
}

function Dashboard() {
  usePageMeta(PAGE_META['/dashboard']);
  const api = useApi();
  const { status, user } = useSignedInOnly();
  const [analytics, setAnalytics] = useState<Analytics | null>(null);
  const [history, setHistory] = useState<HistoryItem[] | null>(null);
  const [showTokens, setShowTokens] = useState(false);

  useEffect(() => {
    if (status !== 'signed-in') return;
    let live = true;
    api.call('analytics.get', {}).then(
      (a) => live && setAnalytics(a),
      () => undefined,
    );
    api.call('history.list', {}).then(
      (h) => live && setHistory(h),
      () => live && setHistory([]),
    );
    return () => {
      live = false;
    };
  }, [api, status]);

  if (status !== 'signed-in' || !user) return <AuthChecking label="Loading dashboard..." />;
  const cards: [string, string, string][] = [
    ['Total Crawls', analytics ? String(analytics.totalCrawls) : '–', 'all time'],
    [
      'Pages Crawled',
      analytics ? analytics.totalPages.toLocaleString('en-US') : '–',
      'counted across all crawls',
    ],
    [
      'Success Rate',
      // With no finished crawl there is no rate to show: "0%" would read as every crawl failing.
      analytics && analytics.totalCrawls > 0 ? `${Math.round(analytics.successRate)}%` : '–',
      'completed crawls',
    ],
    [
      'Avg. Crawl Time',
      // The average is over completed crawls: with none (a rate of 0), "0s" would be made up.
      analytics && analytics.successRate > 0 ? `${Math.round(analytics.avgCrawlTime)}s` : '–',
      'per completed crawl',
    ],
  ];
  return (
    <div className="page dashboard">
      <header className="dashboard-head">
        <div>
          <p className="eyebrow">Dashboard</p>
          <h1>Welcome back, {user.username}</h1>
        </div>
        {user.isPro ? (
          <div className="pro-status">
            <span className="badge badge-pro large">Pro</span>
            {user.proUntil && (
              <p className="muted small" data-testid="pro-until">
                Pro until {formatDate(user.proUntil)} · <Link to="/subscribe">Add a month</Link>
              </p>
            )}
          </div>
        ) : user.pendingPayment ? null : (
          <Link to="/subscribe" className="button primary">
            Upgrade to Pro
          </Link>
        )}
      </header>
      <PendingPaymentNotice user={user} />
      {!user.emailConfirmed && <ConfirmReminder email={user.email} />}
      <ul className="stat-grid" aria-label="Statistics">
        {cards.map(([label, value, note]) => (
          <li key={label} className="stat-card">
            <span className="stat-label">{label}</span>
            <span className="stat-value">{value}</span>
            <span className="muted small">{note}</span>
          </li>
        ))}
      </ul>
      <div className="dashboard-grid">
        <RecentCrawls items={history} total={analytics?.totalCrawls} />
        <div className="dashboard-side">
          <UsageCard analytics={analytics} isPro={user.isPro} />
          <section className="card" aria-labelledby="actions-title">
            <h2 id="actions-title" className="card-title">
              Quick Actions
            </h2>
            <div className="quick-actions">
              <Link to="/" className="button primary block">
                Generate New Sitemap
              </Link>
              {user.isPro && api.shell === 'desktop' ? (
                <>
                  {/* Schedules and bulk lists run here, on this computer (issue 27 point 5). */}
                  <Link to="/schedules" className="button block">
                    Scheduled Crawls
                  </Link>
                  <Link to="/bulk" className="button block">
                    Bulk Crawl
                  </Link>
                </>
              ) : user.isPro ? (
                <>
                  {/* The schedules page is its own route (issue 13, points 1-3). */}
                  <a href="/schedules" className="button block">
                    Scheduled Crawls
                  </a>
                  <Link to="/bulk" className="button block">
                    Bulk Crawl
                  </Link>
                </>
              ) : (
                // Scheduled crawls have their own card below, with what they do: not twice.
                <ProAction label="Bulk Crawl" />
              )}
              {user.isPro ? (
                <button
                  type="button"
                  className="button block"
                  aria-expanded={showTokens}
                  aria-controls="api-tokens"
                  onClick={() => setShowTokens((v) => !v)}
                >
                  API Tokens
                </button>
              ) : (
                <ProAction label="API Tokens" />
              )}
            </div>
          </section>
          {user.isPro && showTokens && <ApiTokensCard />}
          {/* Branded client reports (issue 29 point 3): Pro, on the hosted app's share links. */}
          {user.isPro && api.shell === 'hosted' && <ReportBrandCard />}
          <SchedulesCard isPro={user.isPro} />
          {/* The desktop's one local user has no account to delete: its crawls live in a file. */}
          {api.shell !== 'desktop' && <DeleteAccountCard />}
        </div>
      </div>
      {!user.isPro && !user.pendingPayment && <UpgradeBanner />}
    </div>
  );
}

/** The lazily loaded half of `/dashboard`: its screen (the route itself is in `dashboard.tsx`). */
export const dashboardLazyRoute = createLazyRoute('/dashboard')({
  component: Dashboard,
});
