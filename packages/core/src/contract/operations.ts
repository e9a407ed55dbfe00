import { z } from 'zod';
import * as s from './schemas.js';

/** A downloaded export: the bytes and the name the browser or save dialog should use. */
export interface ExportFile {
  /** File name from `Content-Disposition` (or `sitemap.{format}`). */
  fileName: string;
  /** Media type of the file. */
  contentType: string;
  /** The file's bytes (gzip-compressed when asked for). */
  bytes: Uint8Array;
}

/** One operation of the contract: its hosted HTTP route and its input and output schemas. */
export interface Operation<I extends z.ZodType, O extends z.ZodType> {
  /** HTTP method of the hosted route. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Hosted path; `:name` segments are filled from the input's fields of that name. */
  path: string;
  /** Input schema (path params, query and body together). */
  input: I;
  /** Output schema. */
  output: O;
  /** Whether the hosted route needs a signed-in user. */
  auth: boolean;
}

function op<I extends z.ZodType, O extends z.ZodType>(
  method: Operation<I, O>['method'],
  path: string,
  input: I,
  output: O,
  auth = false,
): Operation<I, O> {
  return { method, path, input, output, auth };
}

const none = z.object({}).strict();
const message = z.object({ message: z.string() });
const jobRef = z.object({ jobId: z.string().min(1).max(64) });
/** A Pro API token as listed: never the token itself, which is shown once at creation. */
const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/**
 * Every operation the UI can call, named `resource.verb`. The paths are the public ones of
 * spec §7 and stay as the spec names them. The server mounts these routes and the desktop
 * registers IPC handlers under the same names; unknown names are refused by both.
 */
export const operations = {
  'config.get': op('GET', '/api/config', none, s.appConfig),
  'user.get': op('GET', '/api/user', none, s.user, true),
  'user.delete': op(
    'DELETE',
    '/api/user',
    z.object({ password: z.string().min(1) }),
    message,
    true,
  ),
  'auth.login': op(
    'POST',
    '/api/login',
    z.object({ username: z.string().min(1), password: z.string().min(1) }),
    s.user,
  ),
  'auth.register': op(
    'POST',
    '/api/register',
    z.object({ username: z.string(), email: z.string(), password: z.string() }),
    z.object({ message: z.string(), user: s.user.optional() }),
  ),
  'auth.logout': op('POST', '/api/logout', none, message),
  'auth.resendConfirmation': op('POST', '/api/resend-confirmation', none, message, true),
  'auth.forgotPassword': op(
    'POST',
    '/api/forgot-password',
    z.object({ email: z.string() }),
    message,
  ),
  'auth.resetPassword': op(
    'POST',
    '/api/reset-password',
    z.object({ token: z.string().min(1), password: z.string() }),
    message,
  ),
  'auth.confirmEmail': op(
    'POST',
    '/api/confirm-email',
    z.object({ token: z.string().min(1) }),
    message,
  ),
  'crawl.start': op(
    'POST',
    '/api/crawl',
    z.object({ url: s.siteUrl }),
    z.object({ jobId: z.string() }),
    true,
  ),
  'crawl.get': op('GET', '/api/crawl/:jobId', jobRef, s.crawlJob, true),
  'seo.get': op('GET', '/api/seo-analysis/:jobId', jobRef, s.seoAnalysis, true),
  'export.generate': op(
    'GET',
    '/api/generate/:jobId/:format',
    jobRef.extend({ format: s.exportFormat, compress: z.boolean().optional() }),
    z.custom<ExportFile>(),
    true,
  ),
  'ping.submit': op(
    'POST',
    '/api/ping-search-engines',
    z.object({ sitemapUrl: s.siteUrl, jobId: z.string().optional() }),
    s.pingResult,
    true,
  ),
  'sitemap.fetch': op(
    'GET',
    '/api/fetch-sitemap',
    z.object({ url: s.siteUrl }),
    z.object({ content: z.string() }),
  ),
  'history.list': op('GET', '/api/history', none, z.array(s.historyItem), true),
  'analytics.get': op('GET', '/api/analytics', none, s.analytics, true),
  'paypal.createOrder': op(
    'POST',
    '/api/paypal/create-order',
    none,
    z.object({ orderID: z.string() }),
    true,
  ),
  'paypal.captureOrder': op(
    'POST',
    '/api/paypal/capture-order',
    z.object({ orderID: z.string().min(1) }),
    z.object({ success: z.boolean(), proUntil: z.string().optional() }),
    true,
  ),
  'tokens.list': op('GET', '/api/tokens', none, z.array(apiToken), true),
  'tokens.create': op(
    'POST',
    '/api/tokens',
    z.object({ name: z.string().trim().min(1).max(64) }),
    apiToken.pick({ id: true, name: true, createdAt: true }).extend({ token: z.string() }),
    true,
  ),
  'tokens.delete': op(
    'DELETE',
    '/api/tokens/:id',
    z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    message,
    true,
  ),
} as const;

/** The contract's operation names. */
export type OperationName = keyof typeof operations;

/** The input type of an operation. */
export type InputOf<N extends OperationName> = z.input<(typeof operations)[N]['input']>;

/** The output type of an operation. */
export type OutputOf<N extends OperationName> = z.output<(typeof operations)[N]['output']>;

/** Whether `name` is one of the contract's operations (IPC and HTTP refuse other names). */
export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.hasOwn(operations, name);
}

/** Events the UI can subscribe to (desktop streams crawl progress; hosted polls instead). */
export const eventNames = ['crawl.progress'] as const;

/** An event name of the contract. */
export type EventName = (typeof eventNames)[number];
