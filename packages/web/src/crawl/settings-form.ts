import type { CrawlSettings } from '@mapsmith/core/browser';

/** The crawl-settings form as typed: text fields stay text until the crawl starts. */
export interface SettingsForm {
  maxDepth: string;
  /** One glob a line. */
  include: string;
  /** One glob a line. */
  exclude: string;
  listQueryUrls: boolean;
  scope: '' | 'host' | 'domain' | 'origin';
  render: '' | 'auto' | 'never' | 'always';
  delayMs: string;
  userAgentSuffix: string;
  /** The staging site's basic-auth user name (issue 29). */
  authUser: string;
  /** Its password; a schedule's stored one shows as the mask, kept unless retyped. */
  authPassword: string;
  /** Extra request headers, one row each (a staging cookie, a bearer token). */
  headers: HeaderRow[];
}

/** One extra header of the form, as typed. */
export interface HeaderRow {
  name: string;
  value: string;
}

/** The API's name of each setting (`settings.maxDepth`), as a refusal's `field` names it. */
export const SETTINGS_FIELDS = [
  'settings.maxDepth',
  'settings.include',
  'settings.exclude',
  'settings.listQueryUrls',
  'settings.scope',
  'settings.render',
  'settings.politenessDelayMs',
  'settings.userAgentSuffix',
  'settings.siteAuth.basic.username',
  'settings.siteAuth.basic.password',
  'settings.siteAuth.headers',
] as const;
/** One setting, named as the API names it. */
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** Every field at the crawler's default. */
export const EMPTY_SETTINGS_FORM: SettingsForm = {
  maxDepth: '',
  include: '',
  exclude: '',
  listQueryUrls: false,
  scope: '',
  render: '',
  delayMs: '',
  userAgentSuffix: '',
  authUser: '',
  authPassword: '',
  headers: [],
};

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  // A value that is not a whole number goes as typed: the server answers it in words.
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The settings the form asks for, with only the fields that depart from the defaults, so a
 * form left alone sends nothing (and a free plan's crawl is not refused). The bounds are the
 * contract's (`crawlSettings`), checked by the server, whose sentence the toast shows.
 */
export function settingsFromForm(form: SettingsForm): CrawlSettings | undefined {
  const settings: CrawlSettings = {};
  const depth = wholeNumber(form.maxDepth);
  if (depth !== undefined) settings.maxDepth = depth;
  const include = lines(form.include);
  if (include.length) settings.include = include;
  const exclude = lines(form.exclude);
  if (exclude.length) settings.exclude = exclude;
  if (form.listQueryUrls) settings.listQueryUrls = true;
  if (form.scope) settings.scope = form.scope;
  if (form.render) settings.render = form.render;
  const delay = wholeNumber(form.delayMs);
  if (delay !== undefined) settings.politenessDelayMs = delay;
  if (form.userAgentSuffix.trim()) settings.userAgentSuffix = form.userAgentSuffix.trim();
  const siteAuth = siteAuthFromForm(form);
  if (siteAuth) settings.siteAuth = siteAuth;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** The form of stored settings (a schedule's, say), each absent field at its default. */
export function formFromSettings(settings: CrawlSettings | null | undefined): SettingsForm {
  const s = settings ?? {};
  return {
    maxDepth: s.maxDepth === undefined ? '' : String(s.maxDepth),
    include: (s.include ?? []).join('\n'),
    exclude: (s.exclude ?? []).join('\n'),
    listQueryUrls: s.listQueryUrls ?? false,
    scope: s.scope ?? '',
    render: s.render ?? '',
    delayMs: s.politenessDelayMs === undefined ? '' : String(s.politenessDelayMs),
    userAgentSuffix: s.userAgentSuffix ?? '',
    authUser: s.siteAuth?.basic?.username ?? '',
    authPassword: s.siteAuth?.basic?.password ?? '',
    headers: (s.siteAuth?.headers ?? []).map(({ name, value }) => ({ name, value })),
  };
}

/**
 * The staging login the form asks for: basic auth once a user name or password is typed (the
 * server says plainly what is missing), and every header row not left empty.
 */
function siteAuthFromForm(form: SettingsForm): CrawlSettings['siteAuth'] {
  const headers = form.headers
    .map((row) => ({ name: row.name.trim(), value: row.value }))
    .filter((row) => row.name !== '' || row.value !== '');
  const basic = form.authUser.trim() || form.authPassword;
  if (!basic && headers.length === 0) return undefined;
  return {
    ...(basic ? { basic: { username: form.authUser.trim(), password: form.authPassword } } : {}),
    ...(headers.length ? { headers } : {}),
  };
}
