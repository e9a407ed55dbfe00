import { ApiCallError } from '@mapsmith/core/browser';
import { useEscapeCloses } from '@mapsmith/web';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { AccountStatus } from '../shared/desktop-operations';
import type { DesktopApi } from './ipc-api';

function errorText(err: unknown): string {
  if (err instanceof ApiCallError) return err.body?.message ?? err.body?.error ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The desktop-only Pro account panel: shows which plan applies, links a Pro account with an
 * API token from the hosted app, or unlinks it. When the system has no safe place for the token
 * (Linux `basic_text`), it says why and offers no field to paste it into.
 */
export function AccountPanel(props: { api: DesktopApi }) {
  const { api } = props;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    api.desktop('account.status', {}).then(setStatus, (err) => setError(errorText(err)));
  }, [api]);
  useEffect(refresh, [refresh]);

  const run = async (work: () => Promise<AccountStatus>) => {
    setBusy(true);
    setError(null);
    try {
      setStatus(await work());
      setToken('');
      // The web screens read the plan at start; reload so every meter and banner follows it.
      window.location.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const link = (e: FormEvent) => {
    e.preventDefault();
    void run(() => api.desktop('account.link', { token }));
  };

  // Esc closes the open panel and gives focus back to its button (disclosure pattern).
  useEscapeCloses(open, () => {
    setOpen(false);
    toggle.current?.focus();
  });

  const pro = status?.plan === 'pro';
  return (
    <div className="desktop-account">
      <button
        ref={toggle}
        type="button"
        className="button small"
        aria-expanded={open}
        aria-controls="desktop-account-panel"
        onClick={() => setOpen(!open)}
      >
        {pro ? 'Pro account' : 'Link Pro account'}
      </button>
      {open && (
        <section id="desktop-account-panel" className="card" aria-label="Pro account">
          <p data-testid="account-plan">
            {pro ? `Pro plan, linked to ${status?.username ?? 'your account'}` : 'Free plan'}
          </p>
          {status && !status.secureStorage && (
            <p role="alert" className="field-error">
              {status.storageMessage}
            </p>
          )}
          {status?.linked ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void run(() => api.desktop('account.unlink', {}))}
            >
              Unlink account
            </button>
          ) : (
            status?.secureStorage && (
              <form onSubmit={link} className="stack">
                <label htmlFor="pro-token">API token from your Mapsmith dashboard</label>
                <input
                  id="pro-token"
                  type="password"
                  autoComplete="off"
                  value={token}
                  onChange={(e) => setToken(e.target.value)}
                />
                <button type="submit" className="button primary" disabled={busy || !token.trim()}>
                  {busy ? 'Checking...' : 'Link account'}
                </button>
              </form>
            )
          )}
          {error && (
            <p role="alert" className="field-error" data-testid="account-error">
              {error}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
