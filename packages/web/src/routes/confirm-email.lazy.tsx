import { ApiCallError, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { usePageMeta } from '../app/page-meta';
import { useApi } from '../app/use-api';
import { AuthCard } from '../components/AuthCard';
import { ResendConfirmation } from '../components/ResendConfirmation';
import { SignInLink } from '../components/SignInLink';

type Phase = 'idle' | 'pending' | 'success' | 'already' | 'error';

function ConfirmEmail() {
  usePageMeta(PAGE_META['/confirm-email']);
  const { token } = confirmEmailLazyRoute.useSearch();
  const api = useApi();
  const auth = useAuth();
  const [phase, setPhase] = useState<Phase>(token ? 'pending' : 'idle');
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);
  // The address the sign-up form just registered, carried in the history entry (not the URL).
  const signupEmail = useRouterState({ select: (r) => r.location.state.signupEmail });

  useEffect(() => {
    // Tokens are single-use: verify once even if the effect runs twice.
    if (!token || started.current) return;
    started.current = true;
    api.call('auth.confirmEmail', { token }).then(
      () => {
        setPhase('success');
        void auth.refresh(true);
      },
      (err) => {
        // A link opened again (or prefetched by a mail scanner) for a confirmed address.
        if (err instanceof ApiCallError && err.code === 'account.already-confirmed') {
          setPhase('already');
          return;
        }
        setMessage(errorText(err, 'Invalid or expired token.'));
        setPhase('error');
      },
    );
  }, [api, auth, token]);

  if (token) {
    if (phase === 'success') {
      return (
        <AuthCard title="Email verified">
          {auth.status === 'signed-in' ? (
            <>
              {/* Signed in already: no "log in" (walkthrough defect 38). */}
              <p className="success-text" role="status">
                Email verified successfully. Your account is ready.
              </p>
              <Link to="/dashboard" className="button primary block">
                Go to Dashboard
              </Link>
            </>
          ) : (
            <>
              <p className="success-text" role="status">
                Email verified successfully. You can now log in.
              </p>
              <SignInLink className="button primary block">Go to Login</SignInLink>
            </>
          )}
        </AuthCard>
      );
    }
    if (phase === 'already') {
      return (
        <AuthCard title="Email already confirmed">
          <p className="success-text" role="status">
            This address is already confirmed. There is nothing more to do.
          </p>
          <Link
            to={auth.status === 'signed-in' ? '/dashboard' : '/login'}
            className="button primary block"
          >
            {auth.status === 'signed-in' ? 'Go to Dashboard' : 'Go to Login'}
          </Link>
        </AuthCard>
      );
    }
    if (phase === 'error') {
      return (
        <AuthCard title="Verification failed">
          <p className="form-error" role="alert">
            {message}
          </p>
          <p className="muted">Links expire after 24 hours. Ask for a new one here.</p>
          <ResendConfirmation signedOutEmail={auth.status === 'signed-in' ? undefined : ''} />
        </AuthCard>
      );
    }
    return (
      <AuthCard title="Verifying your email">
        <p role="status">Verifying your email address...</p>
      </AuthCard>
    );
  }

  if (auth.user?.emailConfirmed) {
    return (
      <AuthCard title="Email confirmed">
        <p className="success-text" role="status">
          Your email address {auth.user.email} is confirmed.
        </p>
        <Link to="/dashboard" className="button primary block">
          Go to Dashboard
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Check Your Email" lead="We sent a confirmation link to your e-mail address.">
      <ol className="plain-steps">
        <li>Open the e-mail from Mapsmith.</li>
        <li>Click the confirmation link. It is valid for 24 hours.</li>
        <li>Sign in and start generating sitemaps.</li>
      </ol>
      {/* Signed out right after sign-up, it goes by the address just registered (issue 26). */}
      <ResendConfirmation
        signedOutEmail={auth.status === 'signed-in' ? undefined : (signupEmail ?? '')}
      />
    </AuthCard>
  );
}

/** The lazily loaded half of `/confirm-email`: its screen (the route itself is in `confirm-email.tsx`). */
export const confirmEmailLazyRoute = createLazyRoute('/confirm-email')({
  component: ConfirmEmail,
});
