/**
 * The settings that choose how a server process runs: which database (`DATABASE_URL`), which
 * part of the work (`MAPSMITH_ROLE`) and which proxies to believe (`MAPSMITH_TRUST_PROXY`), with
 * the refusals that keep a scaled deployment from silently weakening a limit or a link.
 */
import net from 'node:net';

/**
 * What one process does. `api`: the HTTP API and web app only; `worker`: crawl and audit workers
 * and the timed work (retention, payments, reminders, scheduled crawls); `all`: both (the
 * embedded default, and the only role SQLite allows).
 */
export type ProcessRole = 'api' | 'worker' | 'all';

/** Every role, in the order the help lists them. */
export const PROCESS_ROLES: readonly ProcessRole[] = ['api', 'worker', 'all'];

/**
 * Express's `trust proxy` setting: `false` (clients connect directly), a hop count (that many
 * proxies in front), or a list of proxy addresses, subnets and Express's names (`loopback`,
 * `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

/**
 * The exit code of a refused configuration (sysexits' EX_CONFIG), so a process manager can tell
 * "fix the settings" from a crash (systemd: `RestartPreventExitStatus=78`).
 */
export const CONFIG_EXIT_CODE = 78;

/** A setting that is wrong or missing; its message says which and what to set. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** True when the process serves HTTP (the API and the web app). */
export function servesHttp(role: ProcessRole): boolean {
  return role !== 'worker';
}

/** True when the process runs crawl workers and timed work. */
export function runsWorkers(role: ProcessRole): boolean {
  return role !== 'api';
}

/** `MAPSMITH_ROLE`: one of {@link PROCESS_ROLES}, default `all`. */
export function parseRole(raw: string | undefined): ProcessRole {
  if (raw === undefined || raw === '') return 'all';
  const role = PROCESS_ROLES.find((r) => r === raw);
  if (!role) {
    throw new ConfigError(`MAPSMITH_ROLE must be "api", "worker" or "all", not "${raw}"`);
  }
  return role;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address or a subnet in CIDR notation (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrSubnet(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * `MAPSMITH_TRUST_PROXY`: `none` (or `false`), a whole number of proxy hops, or a comma-separated
 * list of proxy addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`.
 * Null when unset.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  if (value === 'none' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !PROXY_NAMES.has(entry) && !isAddressOrSubnet(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `MAPSMITH_TRUST_PROXY must be "none", a number of proxy hops, or a comma-separated list of proxy addresses, subnets, "loopback", "linklocal" or "uniquelocal"; "${bad}" is none of those`,
    );
  }
  return entries;
}

/** `DATABASE_URL`: null for the embedded SQLite database, else a `postgres://` URL. */
export function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(
      'DATABASE_URL is not a URL; give postgres://user:password@host:5432/database, or leave it unset for the embedded SQLite database',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must be a postgres:// URL, not ${url.protocol}//...; leave it unset for the embedded SQLite database`,
    );
  }
  return raw.trim();
}

/** What the scaled-mode checks read. */
export interface ScaledSettings {
  databaseUrl: string | null;
  role: ProcessRole;
  smtpUrl: string | null;
  publicUrl: string | null;
  trustProxy: TrustProxy | null;
  /** The keys crawl credentials are encrypted with (empty: none given). */
  secretKeys: readonly unknown[];
}

/**
 * The refusals of a combination of settings, one sentence each (empty when it may start).
 * SQLite lives in one process's data folder, so it runs every role in that process. On
 * Postgres every node is one of many, so each setting whose absence would silently weaken
 * something across nodes must be given.
 */
export function processConfigProblems(s: ScaledSettings): string[] {
  if (s.databaseUrl === null) {
    return s.role === 'all'
      ? []
      : [
          `MAPSMITH_ROLE=${s.role} needs DATABASE_URL (Postgres): the embedded SQLite database lives in one process's data folder, so the API and the crawl workers must run together there (MAPSMITH_ROLE=all, the default).`,
        ];
  }
  const problems: string[] = [];
  if (!s.smtpUrl)
    problems.push(
      'SMTP_URL is required with DATABASE_URL: without it each node writes account mail to its own outbox folder, where nobody reads it, so confirmation and password-reset mail would silently never arrive.',
    );
  if (!s.publicUrl)
    problems.push(
      'MAPSMITH_PUBLIC_URL is required with DATABASE_URL: without it links in mail and stable sitemap URLs would name whichever node built them (its own host and port), which users behind the load balancer cannot open.',
    );
  if (s.trustProxy === null)
    problems.push(
      'MAPSMITH_TRUST_PROXY is required with DATABASE_URL: set it to the number of proxies in front of the API (e.g. 1), their addresses, or "none". Without it, behind a load balancer every user seems to come from the balancer, so per-address sign-up and sign-in limits would lump everyone together; trusting too much lets anyone fake their address.',
    );
  if (s.secretKeys.length === 0)
    problems.push(
      'MAPSMITH_SECRETS_KEY is required with DATABASE_URL: it encrypts the staging-site passwords and headers crawls carry, and every node must share it. Make one with `openssl rand -base64 32` and give the same value to every node.',
    );
  return problems;
}

/** A Postgres URL with its password replaced by `***`, for logs and messages. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable URL)';
  }
}
