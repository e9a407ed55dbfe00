/**
 * The staging-site credentials of `mapsmith crawl` (issue 29): `--auth-user NAME` with the
 * password from `MAPSMITH_AUTH_PASSWORD`, `--header 'Name: value'` and `--header-env 'Name: VAR'`
 * (the value read from the environment variable VAR). Secrets come from the environment, not
 * from flags: a command line shows in `ps` and in shell history. Checked by the contract's own
 * schema (`siteAuthSettings`), which loads only when credentials are given; no message repeats
 * a secret.
 */
import type { SiteAuth } from '@mapsmith/core';
import { type OptionSpecs, UsageError } from '../args.js';

/** The environment variable that holds the basic-auth password. */
export const AUTH_PASSWORD_ENV = 'MAPSMITH_AUTH_PASSWORD';

/** The credential options, declared once for the parser and the help. */
export const siteAuthOptions = {
  'auth-user': {
    type: 'string',
    value: 'NAME',
    help: `HTTP basic auth user of a staging site; the password is read from\n${AUTH_PASSWORD_ENV} (not a flag: a command line shows in ps).\nsent to the crawled site only (its scope), never to another host`,
  },
  header: {
    type: 'string',
    value: "'NAME: VALUE'",
    multiple: true,
    help: "send this header to the crawled site only (repeatable), e.g.\n--header 'Cookie: staging=1'; for a secret use --header-env",
  },
  'header-env': {
    type: 'string',
    value: "'NAME: VAR'",
    multiple: true,
    help: "like --header, the value read from the environment variable VAR\n(repeatable), e.g. --header-env 'Authorization: STAGING_TOKEN'",
  },
} as const satisfies OptionSpecs;

/** The credential flags as given, before the environment is read and the schema checks them. */
export interface SiteAuthFlags {
  /** `--auth-user`. */
  user?: string;
  /** `--header` lines. */
  headers: string[];
  /** `--header-env` lines. */
  headersFromEnv: string[];
}

/** The credential flags of a parsed command line; undefined when none was given. */
export function siteAuthFlags(values: {
  'auth-user'?: string;
  header?: string[];
  'header-env'?: string[];
}): SiteAuthFlags | undefined {
  const flags = {
    user: values['auth-user'],
    headers: values.header ?? [],
    headersFromEnv: values['header-env'] ?? [],
  };
  if (flags.user === undefined && !flags.headers.length && !flags.headersFromEnv.length)
    return undefined;
  return flags;
}

/** `Name: value` split at its first colon; the value is never quoted back (it may be a secret). */
function splitHeader(flag: string, line: string): { name: string; value: string } {
  const colon = line.indexOf(':');
  if (colon < 1)
    throw new UsageError(
      `--${flag} must be 'Name: ${flag === 'header' ? 'value' : 'VAR'}', like --${flag} '${flag === 'header' ? 'Cookie: staging=1' : 'Cookie: STAGING_COOKIE'}'`,
    );
  return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
}

function fromEnv(line: string, env: NodeJS.ProcessEnv): { name: string; value: string } {
  const { name, value: variable } = splitHeader('header-env', line);
  const value = env[variable];
  if (value === undefined)
    throw new UsageError(
      `--header-env '${name}: ${variable}': the environment variable ${variable} is not set`,
    );
  return { name, value };
}

/**
 * The crawl's credentials from the flags and the environment, checked by the contract's
 * schema; a {@link UsageError} in plain words for anything wrong (naming the flag and the
 * header name, never a value).
 */
export async function siteAuthFromFlags(
  flags: SiteAuthFlags,
  env: NodeJS.ProcessEnv,
): Promise<SiteAuth> {
  const auth: SiteAuth = {};
  if (flags.user !== undefined) {
    const password = env[AUTH_PASSWORD_ENV];
    if (password === undefined)
      throw new UsageError(
        `--auth-user needs the password in the environment variable ${AUTH_PASSWORD_ENV}`,
      );
    auth.basic = { username: flags.user, password };
  }
  const headers = [
    ...flags.headers.map((line) => splitHeader('header', line)),
    ...flags.headersFromEnv.map((line) => fromEnv(line, env)),
  ];
  if (headers.length) auth.headers = headers;
  const { siteAuthSettings } = await import('@mapsmith/core/browser');
  const checked = siteAuthSettings.safeParse(auth);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const [part, index, field] = issue?.path ?? [];
  // A header is named only when its name is fine (a mistyped line might hold a secret).
  const header = typeof index === 'number' ? headers[index] : undefined;
  const where =
    part === 'basic'
      ? '--auth-user'
      : header && field === 'value'
        ? `the header ${header.name}`
        : header
          ? `header ${Number(index) + 1}`
          : '--header';
  throw new UsageError(`${where}: ${issue?.message ?? 'not valid'}`);
}
