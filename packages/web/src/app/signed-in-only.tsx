import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type AuthState, useAuth } from './auth';

/**
 * The session of a page that belongs to an account (dashboard, history, schedules): a visitor
 * known to be signed out is sent to sign in, replacing the address.
 */
export function useSignedInOnly(): AuthState {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (auth.status === 'signed-out') void navigate({ to: '/login', replace: true });
  }, [auth.status, navigate]);
  return auth;
}

/** What an account page shows while the session is being checked. */
export function AuthChecking(props: { label?: string }) {
  return (
    <div className="page">
      <p className="card auth-checking" role="status">
        {props.label ?? 'Loading...'}
      </p>
    </div>
  );
}
