import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HOSTED_ORIGIN } from '../app/config';
import { useApi } from '../app/use-api';

/**
 * A link to a hosted-only page (sign-up, subscribe): a router link in the hosted app, and on
 * desktop a link to the hosted site, which the shell opens in the system browser.
 */
export function HostedPageLink(props: {
  to: '/signup' | '/subscribe';
  className: string;
  children: ReactNode;
}) {
  if (useApi().shell === 'desktop') {
    return (
      <a
        className={props.className}
        href={`${HOSTED_ORIGIN}${props.to}`}
        target="_blank"
        rel="noreferrer"
      >
        {props.children}
      </a>
    );
  }
  return (
    <Link to={props.to} className={props.className}>
      {props.children}
    </Link>
  );
}
