import { PRO_PRICE_TEXT, proFeatureSummary } from '@mapsmith/core/browser';
import { HostedPageLink } from './HostedPageLink';

/** The upgrade banner shown to non-Pro users (results panel and dashboard). */
export function UpgradeBanner(props: { text?: string }) {
  return (
    <aside className="upgrade-banner" aria-label="Upgrade to Pro">
      <div>
        <p className="upgrade-title">Go Pro: {PRO_PRICE_TEXT} for one month</p>
        <p>{props.text ?? `${capitalize(proFeatureSummary())}. No automatic renewal.`}</p>
      </div>
      <HostedPageLink to="/subscribe" className="button primary">
        Upgrade to Pro
      </HostedPageLink>
    </aside>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
