import { PAGE_META } from '@mapsmith/core/browser';
import { createLazyRoute, Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { useFieldErrors } from '../app/field-errors';
import { usePageMeta } from '../app/page-meta';
import { safeReturnTo } from '../app/return-to';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { loginRules } from '../auth/rules';
import { AuthCard, AuthChecking } from '../components/AuthCard';
import { Field } from '../components/Field';
import { peekPendingCrawl } from '../crawl/pending-crawl';

/** The sign-in form's fields, in form order. */
const LOGIN_FIELDS = ['username', 'password'] as const;

function Login() {
  usePageMeta(PAGE_META['/login']);
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const search = useSearch({ from: '/login' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors(LOGIN_FIELDS);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Back to the page that sent the user here (a bookmarked crawl page); a crawl asked for while
  // signed out is started on the home page (pending-crawl.ts); else the dashboard.
  // The page to return to (SignInLink's history state), kept from the first render: the router
  // re-reads the location while signing in, and that entry no longer carries the state.
  const stateReturnTo = useLocation({ select: (l) => l.state.returnTo });
  const [returnTo] = useState(stateReturnTo);
  const back = safeReturnTo(search.redirect ?? returnTo);
  const onward = useCallback(
    (replace: boolean) =>
      void (back
        ? navigate({ href: back, replace })
        : navigate({ to: peekPendingCrawl() ? '/' : '/dashboard', replace })),
    [back, navigate],
  );

  useEffect(() => {
    if (auth.status === 'signed-in') onward(true);
  }, [auth.status, onward]);

  if (auth.status !== 'signed-out') return <AuthChecking />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const refused = fields.showEach({
      username: loginRules.username(username),
      password: loginRules.password(password),
    });
    if (refused) return;
    setBusy(true);
    try {
      const user = await api.call('auth.login', { username: username.trim(), password });
      auth.setUser(user);
      toast({
        title: 'Welcome back!',
        description: 'You have been successfully logged in.',
        variant: 'success',
      });
      onward(false);
    } catch (err) {
      // A failed sign-in is shown under the password (the server names it for any name); what is
      // about no field (too many attempts) once in the form. Either stays until it is edited.
      if (!fields.fromApi(err)) setFormError(errorText(err, 'Invalid username or password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Sign in"
      lead="Welcome back. Sign in to generate sitemaps and see your history."
    >
      <form onSubmit={submit} noValidate className="form">
        <Field
          label="Username or e-mail"
          value={username}
          onChange={(next) => {
            setUsername(next);
            fields.clear('username');
          }}
          error={fields.errors.username}
          inputRef={fields.input('username').ref}
          autoComplete="username"
        />
        <Field
          label="Password"
          value={password}
          onChange={(next) => {
            setPassword(next);
            fields.clear('password');
          }}
          error={fields.errors.password}
          inputRef={fields.input('password').ref}
          password
          autoComplete="current-password"
        />
        {formError && (
          <p className="form-error" role="alert" data-testid="login-error">
            <strong>Login Failed:</strong> {formError}
          </p>
        )}
        <p className="form-aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="form-footer">
        No account yet? <Link to="/signup">Sign up free</Link>
      </p>
    </AuthCard>
  );
}

/** The lazily loaded half of `/login`: its screen (the route itself is in `login.tsx`). */
export const loginLazyRoute = createLazyRoute('/login')({
  component: Login,
});
