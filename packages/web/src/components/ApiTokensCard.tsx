import { ApiCallError, type OutputOf } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFieldErrors } from '../app/field-errors';
import { formatDate } from '../app/format';
import { useApi } from '../app/use-api';
import { Field } from './Field';

type TokenItem = OutputOf<'tokens.list'>[number];
type NewToken = OutputOf<'tokens.create'>;

/** The token form's one field an error is shown under. */
const TOKEN_FIELDS = ['name'] as const;

function reason(err: unknown): string {
  return err instanceof ApiCallError ? (err.body?.message ?? err.serverError) : String(err);
}

function when(iso: string | null): string {
  return iso ? formatDate(iso) : 'never';
}

/**
 * Pro API tokens on the dashboard: create one with a name (the token is shown once, with a copy
 * button), list the live ones, revoke. The desktop app links a Pro account with such a token.
 */
export function ApiTokensCard() {
  const api = useApi();
  const [tokens, setTokens] = useState<TokenItem[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<NewToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useFieldErrors(TOKEN_FIELDS);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    title.current?.focus();
    let live = true;
    api.call('tokens.list', {}).then(
      (list) => live && setTokens(list),
      (err) => {
        if (!live) return;
        setTokens([]);
        setError(reason(err));
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCopied(false);
    fields.clear();
    try {
      const token = await api.call('tokens.create', { name });
      setCreated(token);
      setName('');
      setTokens(await api.call('tokens.list', {}));
    } catch (err) {
      if (!fields.fromApi(err)) setError(reason(err));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: number) {
    setError(null);
    try {
      await api.call('tokens.delete', { id });
      if (created?.id === id) setCreated(null);
      setTokens((list) => list?.filter((t) => t.id !== id) ?? null);
    } catch (err) {
      setError(reason(err));
    }
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setError('Could not copy: select the token and copy it by hand.');
    }
  }

  return (
    <section
      id="api-tokens"
      className="card api-tokens"
      aria-labelledby="tokens-title"
      data-testid="api-tokens"
    >
      <h2 id="tokens-title" className="card-title" ref={title} tabIndex={-1}>
        API tokens
      </h2>
      <p className="muted small">
        Use a token to call the <Link to="/api-docs">API</Link> or to link the{' '}
        <Link to="/about" hash="desktop">
          desktop app (build it yourself: no installers yet)
        </Link>
        , 100 requests per hour each.
      </p>
      <form className="token-form" onSubmit={create}>
        <Field
          label="Token name"
          value={name}
          onChange={(next) => {
            setName(next);
            fields.clear('name');
          }}
          error={fields.errors.name}
          inputRef={fields.input('name').ref}
          maxLength={64}
          required
        />
        <button type="submit" className="button primary" disabled={busy || !name.trim()}>
          Create token
        </button>
      </form>
      {created && (
        <div className="token-once" role="status">
          <p className="warning-text">Copy “{created.name}” now: it will not be shown again.</p>
          <div className="token-row">
            <code data-testid="new-token">{created.token}</code>
            <button type="button" className="button small" onClick={() => copy(created.token)}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {tokens && tokens.length === 0 && <p className="muted small">No API tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <ul className="crawl-list" data-testid="token-list">
          {tokens.map((t) => (
            <li key={t.id} className="crawl-row">
              <div className="crawl-row-main">
                <span className="crawl-url">{t.name}</span>
                <span className="muted small">
                  Created {when(t.createdAt)} · last used {when(t.lastUsedAt)}
                </span>
              </div>
              <button
                type="button"
                className="button small"
                aria-label={`Revoke ${t.name}`}
                onClick={() => revoke(t.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
