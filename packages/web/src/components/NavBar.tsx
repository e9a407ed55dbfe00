import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { useEscapeCloses } from '../app/escape-closes';
import type { HomeSection } from '../app/scroll';
import { useShellNav } from '../app/shell-nav';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { SectionLink } from './SectionLink';
import { SignInLink } from './SignInLink';

const SECTIONS: { id: HomeSection; label: string }[] = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'how-to', label: 'How-to' },
  { id: 'checker', label: 'Checker' },
];

/**
 * The navigation bar (spec §2): section links, then the auth area for the current state. Every
 * entry is a real link (`/#features`, `/login`), so it works in the prerendered HTML before (or
 * without) JavaScript; with it, a section link scrolls smoothly instead. Without JavaScript the
 * 390 px menu cannot be toggled, so `/noscript.css` (index.html) shows it open.
 */
export function NavBar() {
  const [open, setOpen] = useState(false);
  const shellNav = useShellNav();
  // Esc closes the open menu and gives focus back to its toggle (disclosure pattern).
  useEscapeCloses(open, () => {
    setOpen(false);
    document.querySelector<HTMLButtonElement>('.nav-toggle')?.focus();
  });
  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to="/" className="brand" aria-label="Mapsmith home">
          <span className="brand-mark" aria-hidden="true" />
          Mapsmith
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="nav-menu"
          onClick={() => setOpen((v) => !v)}
        >
          Menu
        </button>
        <div id="nav-menu" className="nav-menu" data-open={open}>
          <ul className="nav-sections">
            <li>
              <Link to="/" className="nav-link" onClick={() => setOpen(false)}>
                Home
              </Link>
            </li>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <SectionLink section={s.id} className="nav-link" onClick={() => setOpen(false)}>
                  {s.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          {shellNav ? (
            <div className="nav-end">
              <AuthArea onNavigate={() => setOpen(false)} />
              {shellNav}
            </div>
          ) : (
            <AuthArea onNavigate={() => setOpen(false)} />
          )}
        </div>
      </nav>
    </header>
  );
}

function AuthArea({ onNavigate }: { onNavigate: () => void }) {
  const { status, user, setUser } = useAuth();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  if (status === 'loading') {
    // The session is read in the browser: until it is known (and in the prerendered HTML) a
    // placeholder holds the place, with the signed-out links inside, hidden so a signed-in
    // visitor never sees them flash, and shown by `/noscript.css` when no script will run.
    return (
      <div className="nav-auth nav-auth-placeholder" data-testid="auth-placeholder">
        <SignedOutLinks returnTo={location.href} onNavigate={onNavigate} />
      </div>
    );
  }
  if (status === 'signed-in' && user) {
    const logout = async () => {
      setSigningOut(true);
      try {
        await api.call('auth.logout', {});
        setUser(null);
        toast({ title: 'Logged out successfully', variant: 'success' });
        void navigate({ to: '/' });
      } catch (err) {
        toast({
          title: 'Logout failed',
          description: errorText(err, 'There was an error signing you out.'),
          variant: 'error',
        });
      } finally {
        setSigningOut(false);
      }
    };
    return (
      <div className="nav-auth">
        {user.isPro && <span className="badge badge-pro">Pro User</span>}
        <Link to="/dashboard" className="button small" onClick={onNavigate}>
          Dashboard
        </Link>
        {api.shell === 'hosted' && (
          <button
            type="button"
            className="button small ghost"
            onClick={logout}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out...' : 'Logout'}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="nav-auth">
      <SignedOutLinks returnTo={location.href} onNavigate={onNavigate} />
    </div>
  );
}

function SignedOutLinks({ returnTo, onNavigate }: { returnTo: string; onNavigate: () => void }) {
  return (
    <>
      {/* Signing in returns here (a crawl page opened from a bookmark while signed out). */}
      <SignInLink returnTo={returnTo} className="button small ghost" onClick={onNavigate}>
        Sign In
      </SignInLink>
      <Link to="/signup" className="button small" onClick={onNavigate}>
        Sign Up
      </Link>
      <Link to="/subscribe" className="nav-pro" onClick={onNavigate}>
        Pro - $3/mo
      </Link>
    </>
  );
}
