import { type ErrorCode, operations, schemas } from '@mapsmith/core/browser';
import { z } from 'zod';

const none = z.object({}).strict();

/** The linked-account state the desktop shows: which plan applies and whether a token can be kept. */
export const accountStatus = z.object({
  plan: z.enum(['free', 'pro']),
  linked: z.boolean(),
  username: z.string().nullable(),
  proUntil: z.string().nullable(),
  /** Whether the OS offers a real secret store for the token (not Linux's `basic_text`). */
  secureStorage: z.boolean(),
  /** Why a token cannot be kept, when it cannot. */
  storageMessage: z.string().nullable(),
});
/** The linked-account state. */
export type AccountStatus = z.infer<typeof accountStatus>;

/**
 * A desktop operation: its input, its output and the codes its handler may answer with (the
 * router's own, an input that does not parse and a full disk, left out), as the contract's
 * operations list theirs in their docs; a test holds them to the handlers.
 */
function desktopOp<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  errors: readonly ErrorCode[],
) {
  return { input, output, errors };
}

/**
 * Operations only the desktop shell offers, next to the shared contract: linking a Pro account,
 * saving an export to disk, reading a local sitemap for the checker, opening a hosted-only
 * screen in the system browser. Names follow the contract's `resource.verb`.
 */
export const desktopOperations = {
  'account.status': desktopOp(none, accountStatus, []),
  'account.link': desktopOp(z.object({ token: z.string().trim().min(8).max(512) }), accountStatus, [
    'account.token-unsafe',
    'account.link-failed',
    'account.link-refused',
    'auth.pro-required',
  ]),
  'account.unlink': desktopOp(none, accountStatus, []),
  'export.save': desktopOp(
    z.object({
      jobId: z.string().min(1).max(64),
      format: schemas.exportFormat,
      compress: z.boolean().optional(),
    }),
    z.object({ saved: z.boolean(), path: z.string().nullable() }),
    ['input.invalid', 'crawl.not-found', 'crawl.not-finished', 'export.nothing-to-list'],
  ),
  'report.save': desktopOp(
    operations['crawl.report'].input,
    z.object({ saved: z.boolean(), path: z.string().nullable() }),
    ['not-found', 'report.filter-invalid'],
  ),
  'bulk.save': desktopOp(
    operations['bulk.download'].input,
    z.object({ saved: z.boolean(), path: z.string().nullable() }),
    ['auth.pro-required', 'bulk.not-found', 'input.invalid'],
  ),
  'checker.openFile': desktopOp(
    none,
    z.object({ fileName: z.string().nullable(), content: z.string().nullable() }),
    ['input.invalid', 'input.too-large'],
  ),
  'app.openHosted': desktopOp(
    z.object({ path: z.string().min(1).max(200) }),
    z.object({ opened: z.boolean(), url: z.string() }),
    ['input.invalid'],
  ),
} as const;

/**
 * Codes the desktop answers for an operation of the contract beyond those its docs list (the
 * hosted API never answers them): no Chromium on this computer for a PDF, and a schedule asking
 * for what only a public server does. Every hosted-only operation answers `desktop.hosted-only`
 * (handlers/app.ts `HOSTED_ONLY`).
 */
export const DESKTOP_ERRORS: Readonly<
  Partial<Record<keyof typeof operations, readonly ErrorCode[]>>
> = {
  'crawl.pdf': ['report.no-browser'],
  'schedules.create': ['schedule.not-on-desktop'],
  'schedules.update': ['schedule.not-on-desktop'],
  'schedules.rotateToken': ['schedule.not-on-desktop'],
};

/** Every operation the desktop's IPC accepts: the shared contract plus the desktop ones. */
export const ipcOperations = { ...operations, ...desktopOperations };

/** An operation name the IPC accepts. */
export type IpcOperationName = keyof typeof ipcOperations;

/** The parsed input of an IPC operation. */
export type IpcInput<N extends IpcOperationName> = z.output<(typeof ipcOperations)[N]['input']>;

/** The output of an IPC operation. */
export type IpcOutput<N extends IpcOperationName> = z.output<(typeof ipcOperations)[N]['output']>;

/** Whether `name` is an operation the IPC accepts (own keys only: no prototype names). */
export function isIpcOperationName(name: unknown): name is IpcOperationName {
  return typeof name === 'string' && Object.hasOwn(ipcOperations, name);
}
