import { FREE_ALLOWANCE, PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useAuth } from '../app/auth';
import { HOSTED_ORIGIN } from '../app/config';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { usePageMeta } from '../app/page-meta';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { matches, signupRules } from '../auth/rules';
import { AuthCard, AuthChecking } from '../components/AuthCard';
import { Field } from '../components/Field';
import { SignInLink } from '../components/SignInLink';

/** The sign-up form's fields, in form order (the first refused one gets the focus). */
const SIGNUP_FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

function Benefits() {
  return (
    <aside className="auth-aside card" aria-label="What you get">
      <h2>Your free account</h2>
      <ul className="check-list">
        <li>
          {FREE_ALLOWANCE.perCrawl}, {FREE_ALLOWANCE.perMonth}
        </li>
        <li>All eight sitemap formats</li>
        <li>SEO health check after every crawl</li>
        <li>Crawl history and usage on your dashboard</li>
      </ul>
      <div className="upsell">
        <p>
          <strong>Need more?</strong> Pro removes every page limit for $3/month.
        </p>
        <Link to="/subscribe">See Pro</Link>
      </div>
    </aside>
  );
}

function Signup() {
  usePageMeta(PAGE_META['/signup']);
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', email: '', password: '', confirmPassword: '' });
  const fields = useFieldErrors(SIGNUP_FIELDS);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    fields.clear(key);
  };

  // The desktop's local user is always "signed in"; there, this page only points to the website.
  const desktop = api.shell === 'desktop';
  useEffect(() => {
    if (!desktop && auth.status === 'signed-in') {
      void navigate({ to: '/confirm-email', replace: true });
    }
  }, [desktop, auth.status, navigate]);

  if (desktop) {
    return (
      <AuthCard title="Create your account" lead="Accounts are created on the Mapsmith website.">
        <a
          className="button primary block"
          href={`${HOSTED_ORIGIN}/signup`}
          target="_blank"
          rel="noreferrer"
        >
          Open mapsmith.app to sign up
        </a>
      </AuthCard>
    );
  }
  // The form shows while the session is read (and in the prerendered page, issue 26): a
  // visitor who turns out to be signed in is sent on by the effect above.
  if (auth.status === 'signed-in') return <AuthChecking />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refused = fields.showEach({
      username: signupRules.username(form.username),
      email: signupRules.email(form.email),
      password: signupRules.password(form.password),
      confirmPassword: matches(form.password, form.confirmPassword),
    });
    if (refused) return;
    setBusy(true);
    try {
      const answer = await api.call('auth.register', {
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password,
      });
      const confirm = /check your email/i.test(answer.message);
      if (confirm)
        toast({ title: 'Check your email!', description: answer.message, variant: 'success' });
      else
        toast({
          title: 'Welcome aboard!',
          description: 'Your account has been created successfully.',
          variant: 'success',
        });
      await auth.refresh(true);
      // The confirmation page offers a resend to this address (signed out, issue 26).
      void navigate({
        to: confirm ? '/confirm-email' : '/dashboard',
        state: { signupEmail: form.email.trim() },
      });
    } catch (err) {
      // A refusal about a field (a taken username, a rule) is shown under it, not as a toast.
      if (fields.fromApi(err)) return;
      toast({
        title: 'Registration Failed',
        description: errorText(err, 'Unable to create account'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Create your free account"
      lead="Start generating sitemaps in a minute."
      aside={<Benefits />}
    >
      <form onSubmit={submit} noValidate className="form">
        <Field
          label="Username"
          value={form.username}
          onChange={set('username')}
          error={fields.errors.username}
          inputRef={fields.input('username').ref}
          autoComplete="username"
        />
        <Field
          label="Email"
          type="email"
          value={form.email}
          onChange={set('email')}
          error={fields.errors.email}
          inputRef={fields.input('email').ref}
          autoComplete="email"
        />
        <Field
          label="Password"
          value={form.password}
          onChange={set('password')}
          error={fields.errors.password}
          inputRef={fields.input('password').ref}
          password
          autoComplete="new-password"
        />
        <Field
          label="Confirm password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={fields.errors.confirmPassword}
          inputRef={fields.input('confirmPassword').ref}
          password
          autoComplete="new-password"
        />
        <p className="muted small">
          At least 12 characters with an uppercase letter, a lowercase letter, a number and a
          special character.
        </p>
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <p className="form-footer">
        Already have an account? <SignInLink>Sign in</SignInLink>
      </p>
    </AuthCard>
  );
}

/** The lazily loaded half of `/signup`: its screen (the route itself is in `signup.tsx`). */
export const signupLazyRoute = createLazyRoute('/signup')({
  component: Signup,
});
