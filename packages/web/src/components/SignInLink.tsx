import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { loginState } from '../app/return-to';

/**
 * Every link to the sign-in page (issue 26 point 7, walkthrough defect 34): one address,
 * `/login`, never a per-page `?redirect=` (which made a noindex login URL of every page). The
 * page to come back to travels in the history entry's state instead. `rel="nofollow"`: the
 * sign-in page is kept out of search results, so crawlers are not sent to it.
 */
export function SignInLink(props: {
  /** The page signing in returns to (a crawl page opened from a bookmark); none by default. */
  returnTo?: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Link
      to="/login"
      state={loginState(props.returnTo ?? '/')}
      rel="nofollow"
      className={props.className}
      onClick={props.onClick}
    >
      {props.children}
    </Link>
  );
}
