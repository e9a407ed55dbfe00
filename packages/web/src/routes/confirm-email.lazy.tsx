import { ApiCallError, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { usePageMeta } from '../app/page-meta';
import { useApi } from '../app/use-api';
import { AuthCard } from '../components/AuthCard';

type Phase = 'idle' | 'pending' | 'success' | 'already' | 'error' | 'signed-out';

function ConfirmEmail() {
  usePageMeta(PAGE_META['/confirm-email']);
  const { token } = confirmEmailLazyRoute.useSearch();
  const api = useApi();
  const auth = useAuth();
  const [phase, setPhase] = useState<Phase>(token ? 'pending' : 'idle');
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

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
              <Link to="/login" className="button primary block">
                Go to Login
              </Link>
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
          <p className="muted">Links expire after 24 hours. Sign in and ask for a new one.</p>
          <Link to="/login" className="button block">
            Go to Login
          </Link>
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

  const resend = async () => {
    setPhase('pending');
    try {
      await api.call('auth.resendConfirmation', {});
      setMessage('Confirmation email sent. Please check your inbox.');
      setPhase('idle');
    } catch (err) {
      // Resending needs the account: signed out, the answer is a way to sign in, not an error.
      if (err instanceof ApiCallError && err.code === 'auth.required') {
        setMessage(null);
        setPhase('signed-out');
        return;
      }
      setMessage(errorText(err, 'Failed to resend confirmation'));
      setPhase('error');
    }
  };
  return (
    <AuthCard title="Check Your Email" lead="We sent a confirmation link to your e-mail address.">
      <ol className="plain-steps">
        <li>Open the e-mail from Mapsmith.</li>
        <li>Click the confirmation link. It is valid for 24 hours.</li>
        <li>Sign in and start generating sitemaps.</li>
      </ol>
      {message && (
        <p
          className={phase === 'error' ? 'form-error' : 'success-text'}
          role={phase === 'error' ? 'alert' : 'status'}
        >
          {message}
        </p>
      )}
      {phase === 'signed-out' && (
        <p className="form-error" role="alert" data-testid="resend-signed-out">
          Sign in first, then ask for a new confirmation e-mail here.{' '}
          <Link to="/login">Sign in</Link>
        </p>
      )}
      <button
        type="button"
        className="button block"
        onClick={resend}
        disabled={phase === 'pending'}
      >
        {phase === 'pending' ? 'Sending...' : 'Resend confirmation email'}
      </button>
    </AuthCard>
  );
}

/** The lazily loaded half of `/confirm-email`: its screen (the route itself is in `confirm-email.tsx`). */
export const confirmEmailLazyRoute = createLazyRoute('/confirm-email')({
  component: ConfirmEmail,
});
