import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@mapsmith/core';
import { loadConfig, type RunningServer, startServer } from '@mapsmith/server';

/** A hosted app started for a test on an ephemeral port, with a temporary data folder. */
export interface TestApp {
  server: RunningServer;
  url: string;
  dataDir: string;
  /** Every line the app logged (level, message, fields), instead of printing them. */
  logs: LogLine[];
  /** Stops the server and removes the data folder. */
  close(): Promise<void>;
}

/** One logged line. */
export interface LogLine {
  level: 'info' | 'warn' | 'error' | 'debug';
  message: string;
  fields?: Record<string, unknown>;
}

/** A logger that keeps its lines in `lines`, so tests stay quiet and can assert on logs. */
export function collectingLogger(lines: LogLine[]): Logger {
  const at = (level: LogLine['level']) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, fields });
  };
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

/** Starts the hosted app with `env` on top of a throwaway data folder, its logs collected. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-test-'));
  const config = loadConfig({ PORT: '0', MAPSMITH_DATA_DIR: dataDir, ...env });
  const logs: LogLine[] = [];
  const server = await startServer(config, collectingLogger(logs));
  return {
    server,
    url: server.url,
    dataDir,
    logs,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One answer, body parsed as JSON when it is JSON. */
export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  body: any;
}

/**
 * A browser stand-in: keeps the session cookie between calls and sends what the web app sends
 * (JSON content type, `Sec-Fetch-Site: same-origin`).
 */
export class TestClient {
  /** The session cookie value, if any. */
  cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** Makes one API call; `headers` override the defaults. */
  async call(
    method: string,
    apiPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<CallResult> {
    const res = await fetch(`${this.baseUrl}${apiPath}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        ...(this.cookie ? { Cookie: `mapsmith_sid=${this.cookie}` } : {}),
        ...headers,
      },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    const setCookie = res.headers.get('set-cookie');
    const match = setCookie?.match(/mapsmith_sid=([^;]*)/);
    if (match) this.cookie = match[1] ? match[1] : null;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }
}

/** A password that passes every signup rule. */
export const GOOD_PASSWORD = 'Correct-Horse-42';

/** Registers a user through the API and signs it in; answers the client holding its session. */
export async function registerUser(
  baseUrl: string,
  username: string,
  password = GOOD_PASSWORD,
): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const res = await client.call('POST', '/api/register', {
    username,
    email: `${username}@example.test`,
    password,
  });
  if (res.status !== 201)
    throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  // Registration starts no session (a taken address must answer the same): sign in after it.
  const login = await client.call('POST', '/api/login', { username, password });
  if (login.status !== 200)
    throw new Error(`login ${username}: ${login.status} ${JSON.stringify(login.body)}`);
  return client;
}

/** Waits until `check` answers a value (polling every 25 ms), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Undoes quoted-printable encoding (soft line breaks and `=XX` escapes) of a message's text. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The `.eml` files in the app's outbox, oldest first, as text with quoted-printable undone. */
export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** The decoded outbox messages addressed to `address`, oldest first. */
export function outboxMessagesTo(dataDir: string, address: string): string[] {
  return outboxMessages(dataDir).filter((m) => m.includes(`To: ${address}`));
}

/** The token of the first link with `?token=` in a decoded message. */
export function tokenFrom(message: string): string | undefined {
  return message.match(/[?&]token=([A-Za-z0-9_%-]+)/)?.[1];
}
