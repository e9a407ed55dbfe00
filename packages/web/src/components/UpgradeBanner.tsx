import { HostedPageLink } from './HostedPageLink';

/** The upgrade banner shown to non-Pro users (results panel and dashboard). */
export function UpgradeBanner(props: { text?: string }) {
  return (
    <aside className="upgrade-banner" aria-label="Upgrade to Pro">
      <div>
        <p className="upgrade-title">Go Pro for $3/month</p>
        <p>
          {props.text ??
            'Unlimited pages, the full RSS feed, advanced validation and priority support. No ads.'}
        </p>
      </div>
      <HostedPageLink to="/subscribe" className="button primary">
        Upgrade to Pro
      </HostedPageLink>
    </aside>
  );
}
