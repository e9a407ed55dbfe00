import type { ReactNode } from 'react';
import { HostedPageLink } from './HostedPageLink';

/** A Pro page as a free user sees it: what it does, that it is Pro, and the upgrade link. */
export function ProLocked(props: { title: string; children: ReactNode }) {
  return (
    <section className="card pro-locked" aria-labelledby="pro-locked-title">
      <h1 id="pro-locked-title">
        {props.title} <span className="badge badge-pro">Pro</span>
      </h1>
      {props.children}
      <HostedPageLink to="/subscribe" className="button primary">
        Upgrade to Pro
      </HostedPageLink>
    </section>
  );
}
