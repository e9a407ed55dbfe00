import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type JobsConfig, loadJobsConfig } from './jobs/config.js';
import {
  ConfigError,
  type ProcessRole,
  parseDatabaseUrl,
  parseRole,
  parseTrustProxy,
  processConfigProblems,
  type TrustProxy,
} from './runtime/process-config.js';
import type { SecretKey } from './secrets/aes-gcm-box.js';
import { parseSecretKeys } from './secrets/secrets-config.js';

/** Server configuration, read once from the environment (every variable is listed in the README). */
export interface ServerConfig {
  /** TCP port; 0 picks a free one (tests). `PORT`, default 3000. */
  port: number;
  /** Interface to listen on. `HOST`, default 127.0.0.1. */
  host: string;
  /**
   * `DATABASE_URL`: a `postgres://` URL runs the scaled mode on Postgres; null (unset) runs the
   * embedded SQLite file in the data folder. Never logged with its password.
   */
  databaseUrl: string | null;
  /**
   * Connections this process may open to Postgres (its pool). `MAPSMITH_DB_POOL`, default 10;
   * the sum over every process must stay under the server's `max_connections`.
   */
  databasePool: number;
  /** What this process runs: `MAPSMITH_ROLE` = `api`, `worker` or `all` (default). */
  role: ProcessRole;
  /**
   * Which proxies in front of the API to believe about the client's address (`X-Forwarded-For`).
   * `MAPSMITH_TRUST_PROXY`; null (unset) trusts loopback proxies only, and is refused on Postgres.
   */
  trustProxy: TrustProxy | null;
  /** Port of the worker role's health listener (`GET /api/health` only). `MAPSMITH_HEALTH_PORT`, default 0 (none). */
  healthPort: number;
  /** Folder of the SQLite file and the mail outbox. `MAPSMITH_DATA_DIR`, default ./data. */
  dataDir: string;
  /** Folder of the built web app. `MAPSMITH_WEB_DIR`, default packages/web/dist. */
  webDir: string;
  /** The public origin the app is reached at, for links in mail. `MAPSMITH_PUBLIC_URL`. */
  publicUrl: string | null;
  /** Let crawls reach loopback addresses (local fixture sites). `MAPSMITH_ALLOW_LOOPBACK=1`; never in production. */
  allowLoopback: boolean;
  /** `NODE_ENV === 'production'`. */
  production: boolean;
  /** Crawl workers, leases and the engineering page cap (`MAPSMITH_CRAWL_*`, `MAPSMITH_JOB_*`). */
  jobs: JobsConfig;
  /** SMTP server for mail, e.g. `smtp://user:pass@host:587`; null writes `.eml` files to the outbox. `SMTP_URL`. */
  smtpUrl: string | null;
  /** Sender of account mail. `MAIL_FROM`, default `Mapsmith <no-reply@mapsmith.app>`. */
  mailFrom: string;
  /**
   * Keys crawl credentials are encrypted with (issue 29): `MAPSMITH_SECRETS_KEY` (32 bytes,
   * base64) first, then `MAPSMITH_SECRETS_OLD_KEYS` while a key rotates. Required on Postgres;
   * empty on SQLite makes a key file beside the database (`embeddedSecretKeys`).
   */
  secretKeys: SecretKey[];
  /** PayPal Orders v2 settings (`PAYPAL_*`); payment is off without a client id and secret. */
  paypal: PayPalConfig;
  /** IndexNow submission endpoint. `INDEXNOW_ENDPOINT`, default `https://api.indexnow.org/indexnow`. */
  indexNowEndpoint: string;
  /** Disk kept for built exports under `<data>/exports`. `MAPSMITH_EXPORT_CACHE_MB`, default 2048. */
  exportCacheBytes: number;
  /**
   * On Postgres, how often each API node drops the exports of jobs deleted elsewhere, in ms.
   * `MAPSMITH_EXPORT_SWEEP_MS`, default 60000.
   */
  exportSweepMs: number;
  /**
   * Free disk under which new crawls and export builds are refused (503 `storage.full`) and
   * interrupted crawls wait. `MAPSMITH_MIN_FREE_MB`, default 256; 0 turns the check off.
   */
  minFreeBytes: number;
}

/** PayPal settings: credentials, environment and the REST base URL (tests point it at a local server). */
export interface PayPalConfig {
  /** `PAYPAL_CLIENT_ID`; null when payment is not configured. */
  clientId: string | null;
  /** `PAYPAL_CLIENT_SECRET`; never logged. */
  clientSecret: string | null;
  /** `PAYPAL_ENV`: `sandbox` (default) or `production`. */
  environment: 'sandbox' | 'production';
  /** `PAYPAL_API_BASE`, default the environment's `https://api-m[.sandbox].paypal.com`. */
  apiBase: string;
  /** `PAYPAL_SDK_URL`: the JS SDK the subscribe page loads, default `https://www.paypal.com/sdk/js`. */
  sdkUrl: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function portNumber(name: string, raw: string | undefined, fallback: number): number {
  const port = Number(raw ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, not "${raw}"`);
  }
  return port;
}

/**
 * Reads the configuration from `env`; throws a {@link ConfigError} with a clear message on a bad
 * value, and with every refusal at once when the process settings do not fit together
 * (`processConfigProblems`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  let config: ServerConfig;
  try {
    config = readConfig(env);
  } catch (err) {
    // Every bad value is the operator's to fix, whichever reader found it.
    throw err instanceof ConfigError ? err : new ConfigError((err as Error).message);
  }
  const problems = processConfigProblems(config);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return config;
}

function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = portNumber('PORT', env.PORT, 3000);
  const production = env.NODE_ENV === 'production';
  const allowLoopback = env.MAPSMITH_ALLOW_LOOPBACK === '1';
  if (production && allowLoopback) {
    throw new Error('MAPSMITH_ALLOW_LOOPBACK=1 is refused when NODE_ENV=production');
  }
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    databasePool: poolSize(env.MAPSMITH_DB_POOL),
    role: parseRole(env.MAPSMITH_ROLE),
    trustProxy: parseTrustProxy(env.MAPSMITH_TRUST_PROXY),
    healthPort: portNumber('MAPSMITH_HEALTH_PORT', env.MAPSMITH_HEALTH_PORT, 0),
    dataDir: path.resolve(env.MAPSMITH_DATA_DIR ?? 'data'),
    webDir: path.resolve(env.MAPSMITH_WEB_DIR ?? path.join(here, '../../web/dist')),
    publicUrl: env.MAPSMITH_PUBLIC_URL || null,
    allowLoopback,
    production,
    jobs: loadJobsConfig(env),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Mapsmith <no-reply@mapsmith.app>',
    secretKeys: parseSecretKeys(env),
    paypal: loadPayPalConfig(env),
    indexNowEndpoint: env.INDEXNOW_ENDPOINT || 'https://api.indexnow.org/indexnow',
    exportCacheBytes: megabytes('MAPSMITH_EXPORT_CACHE_MB', env.MAPSMITH_EXPORT_CACHE_MB, 2048),
    exportSweepMs: wholeMs('MAPSMITH_EXPORT_SWEEP_MS', env.MAPSMITH_EXPORT_SWEEP_MS, 60_000),
    minFreeBytes: megabytes('MAPSMITH_MIN_FREE_MB', env.MAPSMITH_MIN_FREE_MB, 256),
  };
}

function poolSize(raw: string | undefined): number {
  const n = Number(raw || 10);
  if (!Number.isInteger(n) || n < 2 || n > 1000) {
    throw new ConfigError(`MAPSMITH_DB_POOL must be a whole number from 2 to 1000, not "${raw}"`);
  }
  return n;
}

function wholeMs(name: string, raw: string | undefined, fallback: number): number {
  const ms = Number(raw || fallback);
  if (!Number.isInteger(ms) || ms < 100) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds of at least 100, not "${raw}"`,
    );
  }
  return ms;
}

function megabytes(name: string, value: string | undefined, fallback: number): number {
  const mb = Number(value ?? fallback);
  if (!Number.isFinite(mb) || mb < 0) {
    throw new Error(`${name} must be a number of megabytes, not "${value}"`);
  }
  return Math.floor(mb * 1024 * 1024);
}

function loadPayPalConfig(env: NodeJS.ProcessEnv): PayPalConfig {
  const environment = env.PAYPAL_ENV ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error(`PAYPAL_ENV must be "sandbox" or "production", not "${environment}"`);
  }
  const defaultBase =
    environment === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';
  return {
    clientId: env.PAYPAL_CLIENT_ID || null,
    clientSecret: env.PAYPAL_CLIENT_SECRET || null,
    environment,
    apiBase: (env.PAYPAL_API_BASE || defaultBase).replace(/\/+$/, ''),
    sdkUrl: env.PAYPAL_SDK_URL || 'https://www.paypal.com/sdk/js',
  };
}
