import { PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useFieldErrors } from '../app/field-errors';
import { usePageMeta } from '../app/page-meta';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { forgotEmail } from '../auth/rules';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { SignInLink } from '../components/SignInLink';

const SENT_TEXT = 'If your account exists, we emailed you a reset link.';

/** The forgot-password form's one field. */
const FORGOT_FIELDS = ['email'] as const;

function ForgotPassword() {
  usePageMeta(PAGE_META['/forgot-password']);
  const api = useApi();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const fields = useFieldErrors(FORGOT_FIELDS);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (fields.showEach({ email: forgotEmail(email) })) return;
    setBusy(true);
    // The answer is ignored on purpose: it must not reveal whether an account exists.
    let reached = true;
    try {
      await api.call('auth.forgotPassword', { email: email.trim() });
    } catch (err) {
      reached = !(err instanceof TypeError);
    }
    toast({
      title: reached ? 'Check your email' : 'Request received',
      description: SENT_TEXT,
      variant: 'success',
    });
    setBusy(false);
    setSent(true);
  };

  if (sent) {
    return (
      <AuthCard title="Email Sent" lead={SENT_TEXT}>
        <p className="muted">
          The link is valid for one hour. Check your spam folder if it does not arrive.
        </p>
        <button
          type="button"
          className="button block"
          onClick={() => {
            setSent(false);
            setEmail('');
          }}
        >
          Send Another Email
        </button>
        <p className="form-footer">
          <SignInLink>Back to sign in</SignInLink>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter your account's e-mail and we will send you a reset link."
    >
      <form onSubmit={submit} noValidate className="form">
        <Field
          label="Email"
          type="email"
          value={email}
          onChange={(next) => {
            setEmail(next);
            fields.clear('email');
          }}
          error={fields.errors.email}
          inputRef={fields.input('email').ref}
          autoComplete="email"
        />
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <p className="form-footer">
        Remembered it? <SignInLink>Sign in</SignInLink>
      </p>
    </AuthCard>
  );
}

/** The lazily loaded half of `/forgot-password`: its screen (the route itself is in `forgot-password.tsx`). */
export const forgotPasswordLazyRoute = createLazyRoute('/forgot-password')({
  component: ForgotPassword,
});
