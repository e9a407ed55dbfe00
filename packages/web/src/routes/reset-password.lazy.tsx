import { ApiCallError, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { usePageMeta } from '../app/page-meta';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { matches, resetPassword } from '../auth/rules';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';

/** The reset form's fields, in form order. */
const RESET_FIELDS = ['password', 'confirm'] as const;

function ResetPassword() {
  usePageMeta(PAGE_META['/reset-password']);
  const { token } = resetPasswordLazyRoute.useSearch();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const fields = useFieldErrors(RESET_FIELDS);
  const [busy, setBusy] = useState(false);
  // Why the server refused the reset, shown on the page with a way to ask for a new link.
  const [failure, setFailure] = useState<string | null>(null);
  // The link is checked as the page opens (issue 26): null while asking, or when it could not be asked.
  const [live, setLive] = useState<boolean | null>(null);

  useEffect(() => {
    if (!token)
      toast({ title: 'Invalid link', description: 'Reset token missing', variant: 'error' });
  }, [token, toast]);

  useEffect(() => {
    if (!token) return;
    let current = true;
    api.call('auth.checkResetToken', { token }).then(
      ({ valid }) => current && setLive(valid),
      // Not checked (offline, an old server): the form stays, and a submit says what is wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, token]);

  if (!token) {
    return (
      <AuthCard title="Invalid link" lead="Reset token missing">
        <p className="muted">Open the link from your e-mail again, or ask for a new one.</p>
        <Link to="/forgot-password" className="button primary block">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  if (live === false) {
    return (
      <AuthCard title="This reset link no longer works">
        <p className="form-error" role="alert" data-testid="reset-link-dead">
          This reset link is invalid, expired or already used.
        </p>
        <p className="muted">Reset links work once, for a limited time. Ask for a new one.</p>
        <Link to="/forgot-password" className="button primary block">
          Ask for a new reset link
        </Link>
      </AuthCard>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refused = fields.showEach({
      password: resetPassword(password),
      confirm: matches(password, confirm),
    });
    if (refused) return;
    setBusy(true);
    try {
      await api.call('auth.resetPassword', { token, password });
      toast({
        title: 'Password updated',
        description: 'You can now sign in with your new password.',
        variant: 'success',
      });
      void navigate({ to: '/login' });
    } catch (err) {
      // A refused new password is shown under it, not as a toast.
      if (fields.fromApi(err)) return;
      const reason = errorText(err, 'Invalid or expired token');
      if (err instanceof ApiCallError && err.code === 'account.link-invalid') setFailure(reason);
      toast({ title: 'Reset failed', description: reason, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Set a new password"
      lead="At least 12 characters with upper and lower case, a number and a special character."
    >
      {failure && (
        <div className="notice" role="alert" data-testid="reset-failure">
          <p>{failure}</p>
          <Link to="/forgot-password">Ask for a new reset link</Link>
        </div>
      )}
      <form onSubmit={submit} noValidate className="form">
        <Field
          label="New Password"
          value={password}
          onChange={(next) => {
            setPassword(next);
            fields.clear('password');
          }}
          error={fields.errors.password}
          inputRef={fields.input('password').ref}
          password
          autoComplete="new-password"
        />
        <Field
          label="Confirm Password"
          value={confirm}
          onChange={(next) => {
            setConfirm(next);
            fields.clear('confirm');
          }}
          error={fields.errors.confirm}
          inputRef={fields.input('confirm').ref}
          password
          autoComplete="new-password"
        />
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </AuthCard>
  );
}

/** The lazily loaded half of `/reset-password`: its screen (the route itself is in `reset-password.tsx`). */
export const resetPasswordLazyRoute = createLazyRoute('/reset-password')({
  component: ResetPassword,
});
