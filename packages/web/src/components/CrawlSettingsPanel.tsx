import { MAX_CRAWL_PATTERNS } from '@mapsmith/core/browser';
import { useId } from 'react';
import type { FieldErrors } from '../app/field-errors';
import type { SettingsField, SettingsForm } from '../crawl/settings-form';
import { FieldError } from './FieldError';
import { HostedPageLink } from './HostedPageLink';
import { SiteAuthFields } from './SiteAuthFields';

/** The API's name of each setting of the form, for the error the server sends about it. */
const API_FIELD: Record<keyof SettingsForm, SettingsField> = {
  maxDepth: 'settings.maxDepth',
  include: 'settings.include',
  exclude: 'settings.exclude',
  listQueryUrls: 'settings.listQueryUrls',
  scope: 'settings.scope',
  render: 'settings.render',
  delayMs: 'settings.politenessDelayMs',
  userAgentSuffix: 'settings.userAgentSuffix',
  authUser: 'settings.siteAuth.basic.username',
  authPassword: 'settings.siteAuth.basic.password',
  headers: 'settings.siteAuth.headers',
};

/** Why the settings cannot be used here, or null when they can. */
export type SettingsLock = null | 'free' | 'signed-out' | 'desktop-free';

const LOCK_TEXT: Record<Exclude<SettingsLock, null>, string> = {
  free: 'Crawl settings are part of Pro. Free crawls use the defaults: every page in reach, on this host, rendered when needed.',
  'signed-out':
    'Crawl settings are part of Pro: sign in with a Pro account to choose them. Crawls otherwise use the defaults.',
  'desktop-free':
    'Crawl settings are part of Pro: link a Pro account (the Link Pro account button) to choose them. Crawls otherwise use the defaults.',
};

/**
 * The crawl settings of issue 13 (max depth, include and exclude globs, query-string URLs,
 * scope, rendering, politeness delay, user-agent suffix), folded under the URL field. Locked
 * with the reason and an upgrade link for plans without them, never hidden: a free user sees
 * what Pro adds.
 */
export function CrawlSettingsPanel(props: {
  value: SettingsForm;
  onChange(next: SettingsForm): void;
  lock: SettingsLock;
  /** The form's inline errors: a refused setting is shown under its field. */
  fields?: FieldErrors<SettingsField>;
  /** Editing stored settings (a schedule): a masked secret keeps the stored one. */
  keepsStored?: boolean;
}) {
  const id = useId();
  const { value, lock, fields } = props;
  const set = <K extends keyof SettingsForm>(key: K, next: SettingsForm[K]) => {
    fields?.clear(API_FIELD[key]);
    props.onChange({ ...value, [key]: next });
  };
  /** The input's error state, and the message under it. */
  const aria = (key: keyof SettingsForm) => fields?.input(API_FIELD[key]) ?? {};
  const error = (key: keyof SettingsForm) =>
    fields ? (
      <FieldError id={fields.errorId(API_FIELD[key])} message={fields.errors[API_FIELD[key]]} />
    ) : null;
  return (
    <details className="crawl-settings" data-locked={lock !== null}>
      <summary>
        Crawl settings <span className="badge badge-pro">Pro</span>
      </summary>
      {lock && (
        <p className="settings-lock" role="note">
          {LOCK_TEXT[lock]}{' '}
          {lock === 'signed-out' ? null : (
            <HostedPageLink to="/subscribe" className="">
              Upgrade to Pro
            </HostedPageLink>
          )}
        </p>
      )}
      <fieldset className="settings-grid" disabled={lock !== null}>
        <legend className="visually-hidden">Crawl settings</legend>
        <label htmlFor={`${id}-depth`}>
          Max depth
          <input
            id={`${id}-depth`}
            inputMode="numeric"
            placeholder="no limit"
            value={value.maxDepth}
            onChange={(e) => set('maxDepth', e.target.value)}
            {...aria('maxDepth')}
          />
          <span className="settings-hint">Clicks from the start page (0 to 100)</span>
          {error('maxDepth')}
        </label>
        <label htmlFor={`${id}-scope`}>
          Scope
          <select
            id={`${id}-scope`}
            value={value.scope}
            onChange={(e) => set('scope', e.target.value as SettingsForm['scope'])}
            {...aria('scope')}
          >
            <option value="">This host (default)</option>
            <option value="domain">Every subdomain of the domain</option>
            <option value="origin">This origin (scheme, host and port)</option>
          </select>
          {error('scope')}
        </label>
        <label htmlFor={`${id}-render`}>
          Rendering
          <select
            id={`${id}-render`}
            value={value.render}
            onChange={(e) => set('render', e.target.value as SettingsForm['render'])}
            {...aria('render')}
          >
            <option value="">When a page needs it (default)</option>
            <option value="never">Never (static HTML only)</option>
            <option value="always">Every page</option>
          </select>
          {error('render')}
        </label>
        <label htmlFor={`${id}-delay`}>
          Delay between requests (ms)
          <input
            id={`${id}-delay`}
            inputMode="numeric"
            placeholder="0"
            value={value.delayMs}
            onChange={(e) => set('delayMs', e.target.value)}
            {...aria('delayMs')}
          />
          <span className="settings-hint">robots.txt Crawl-delay still applies</span>
          {error('delayMs')}
        </label>
        <label htmlFor={`${id}-include`}>
          Include only
          <textarea
            id={`${id}-include`}
            rows={2}
            placeholder="/blog/*"
            value={value.include}
            onChange={(e) => set('include', e.target.value)}
            {...aria('include')}
          />
          <span className="settings-hint">
            One pattern a line, * matches anything (at most {MAX_CRAWL_PATTERNS})
          </span>
          {error('include')}
        </label>
        <label htmlFor={`${id}-exclude`}>
          Exclude
          <textarea
            id={`${id}-exclude`}
            rows={2}
            placeholder="/tag/*"
            value={value.exclude}
            onChange={(e) => set('exclude', e.target.value)}
            {...aria('exclude')}
          />
          <span className="settings-hint">Neither crawled nor listed</span>
          {error('exclude')}
        </label>
        <label htmlFor={`${id}-ua`}>
          User-agent suffix
          <input
            id={`${id}-ua`}
            placeholder="(contact: ops@example.com)"
            value={value.userAgentSuffix}
            onChange={(e) => set('userAgentSuffix', e.target.value)}
            {...aria('userAgentSuffix')}
          />
          <span className="settings-hint">
            Added after MapsmithBot; robots.txt rules for MapsmithBot still apply
          </span>
          {error('userAgentSuffix')}
        </label>
        <label className="check" htmlFor={`${id}-query`}>
          <input
            id={`${id}-query`}
            type="checkbox"
            checked={value.listQueryUrls}
            onChange={(e) => set('listQueryUrls', e.target.checked)}
            {...aria('listQueryUrls')}
          />
          List URLs with a query string (?page=2)
          {error('listQueryUrls')}
        </label>
        <SiteAuthFields
          id={id}
          value={value}
          set={set}
          aria={aria}
          error={error}
          {...(props.keepsStored ? { keepsStored: true } : {})}
        />
      </fieldset>
    </details>
  );
}
