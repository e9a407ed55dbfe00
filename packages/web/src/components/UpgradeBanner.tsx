import { Link } from '@tanstack/react-router';
import { HOSTED_ORIGIN } from '../app/config';
import { useApi } from '../app/use-api';

/** The upgrade banner shown to non-Pro users (results panel and dashboard). */
export function UpgradeBanner(props: { text?: string }) {
  const desktop = useApi().shell === 'desktop';
  return (
    <aside className="upgrade-banner" aria-label="Upgrade to Pro">
      <div>
        <p className="upgrade-title">Go Pro for $3/month</p>
        <p>
          {props.text ??
            'Unlimited pages, the full RSS feed, advanced validation and priority support. No ads.'}
        </p>
      </div>
      {desktop ? (
        <a
          className="button primary"
          href={`${HOSTED_ORIGIN}/subscribe`}
          target="_blank"
          rel="noreferrer"
        >
          Upgrade to Pro
        </a>
      ) : (
        <Link to="/subscribe" className="button primary">
          Upgrade to Pro
        </Link>
      )}
    </aside>
  );
}
