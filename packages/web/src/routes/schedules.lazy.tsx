import { PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';
import { AuthChecking, useSignedInOnly } from '../app/signed-in-only';
import { useApi } from '../app/use-api';
import { PageHeader } from '../components/PageHeader';
import { SchedulesManager } from '../schedules/SchedulesManager';

function SchedulesPage() {
  usePageMeta(PAGE_META['/schedules']);
  const { status, user } = useSignedInOnly();
  const desktop = useApi().shell === 'desktop';
  if (status !== 'signed-in' || !user) return <AuthChecking />;
  return (
    <div className="page schedules-page">
      <PageHeader
        eyebrow="Pro"
        title="Scheduled Crawls"
        lead={
          desktop
            ? 'Crawl a site daily, weekly or monthly at a time of your choosing, on this computer while Mapsmith is open, and see what changed since the last crawl. A run missed while the app was closed runs once at the next start, and says so.'
            : 'Crawl a site daily, weekly or monthly at a time of your choosing, see what changed since the last crawl, and keep its sitemap current at one URL.'
        }
      />
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
      {user.isPro ? (
        <SchedulesManager />
      ) : (
        <section className="card" data-testid="schedules-locked">
          <h2 className="card-title">
            Scheduled crawls are part of Pro <span className="badge badge-pro">Pro</span>
          </h2>
          {desktop ? (
            <p>
              With Pro, the desktop app crawls your sites on a schedule while it is open and
              compares each crawl with the last one (added, removed and changed pages). Already Pro?
              Link your Pro account with an API token (the Link Pro account button) to run schedules
              here.
            </p>
          ) : (
            <p>
              With Pro, Mapsmith crawls your sites on a schedule, compares each crawl with the last
              one (added, removed and changed pages), keeps lastmod honest, publishes the sitemap at
              a stable URL and mails you a summary.
            </p>
          )}
          <Link to="/subscribe" className="button primary">
            Upgrade to Pro
          </Link>
        </section>
      )}
    </div>
  );
}

/** The lazily loaded half of `/schedules`: its screen. */
export const schedulesLazyRoute = createLazyRoute('/schedules')({
  component: SchedulesPage,
});
