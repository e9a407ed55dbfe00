import { MASKED_SECRET, MAX_SITE_AUTH_HEADERS } from '@mapsmith/core/browser';
import type { ReactNode } from 'react';
import type { FieldInputProps } from '../app/field-errors';
import type { HeaderRow, SettingsForm } from '../crawl/settings-form';

type AuthKey = 'authUser' | 'authPassword' | 'headers';

/**
 * The "Staging site login" part of the crawl settings (issue 29): a basic-auth user name and
 * password, and extra request headers (a staging cookie, a bearer token) as name/value rows.
 * They are sent to the crawl's own site only, kept encrypted, and shown back masked.
 */
export function SiteAuthFields(props: {
  id: string;
  value: SettingsForm;
  set<K extends AuthKey>(key: K, next: SettingsForm[K]): void;
  aria(key: AuthKey): FieldInputProps | Record<string, never>;
  error(key: AuthKey): ReactNode;
  /** Editing stored settings (a schedule): a masked secret is the stored one, kept as is. */
  keepsStored?: boolean;
}) {
  const { id, value, set, aria, error } = props;
  const rows = value.headers;
  const setRow = (i: number, row: HeaderRow) =>
    set(
      'headers',
      rows.map((r, j) => (j === i ? row : r)),
    );
  const stored =
    props.keepsStored &&
    (value.authPassword === MASKED_SECRET || rows.some((r) => r.value === MASKED_SECRET));
  return (
    <fieldset className="site-auth">
      <legend>Staging site login</legend>
      <p className="settings-hint">
        Sent only to this site (never to other hosts, redirects away or third-party requests), kept
        encrypted and shown back masked.
        {stored
          ? ` A password or value shown as ${MASKED_SECRET} is the stored one: leave it to keep it, type a new one to replace it.`
          : ''}
      </p>
      <label htmlFor={`${id}-auth-user`}>
        User name
        <input
          id={`${id}-auth-user`}
          autoComplete="off"
          value={value.authUser}
          onChange={(e) => set('authUser', e.target.value)}
          {...aria('authUser')}
        />
        {error('authUser')}
      </label>
      <label htmlFor={`${id}-auth-password`}>
        Password
        <input
          id={`${id}-auth-password`}
          type="password"
          autoComplete="new-password"
          value={value.authPassword}
          onChange={(e) => set('authPassword', e.target.value)}
          {...aria('authPassword')}
        />
        {error('authPassword')}
      </label>
      <div className="site-auth-headers">
        <span className="site-auth-label">Extra headers</span>
        {rows.map((row, i) => (
          // Rows have no identity beyond their place; removing one re-renders the rest.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          <div className="site-auth-row" key={i}>
            <input
              aria-label={`Header ${i + 1} name`}
              placeholder="Cookie"
              autoComplete="off"
              value={row.name}
              onChange={(e) => setRow(i, { ...row, name: e.target.value })}
              {...(i === 0 ? aria('headers') : {})}
            />
            <input
              aria-label={`Header ${i + 1} value`}
              type="password"
              placeholder="staging=1"
              autoComplete="off"
              value={row.value}
              onChange={(e) => setRow(i, { ...row, value: e.target.value })}
            />
            <button
              type="button"
              className="button small"
              aria-label={`Remove header ${i + 1}`}
              onClick={() =>
                set(
                  'headers',
                  rows.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </button>
          </div>
        ))}
        {rows.length < MAX_SITE_AUTH_HEADERS && (
          <button
            type="button"
            className="button small"
            onClick={() => set('headers', [...rows, { name: '', value: '' }])}
          >
            Add a header
          </button>
        )}
        <span className="settings-hint">
          For example Cookie: staging=1, or Authorization: Bearer and your token
        </span>
        {error('headers')}
      </div>
    </fieldset>
  );
}
