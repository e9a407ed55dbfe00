import { AppError } from '@mapsmith/app';
import {
  type ErrorCode,
  inputRefusal,
  isDiskFull,
  type Logger,
  refusedField,
  SITE_REFUSED_CODE,
  siteAddressRefusal,
  type UrlPolicy,
} from '@mapsmith/core';
import type { IpcReply } from '../shared/channels';
import {
  type IpcInput,
  type IpcOperationName,
  type IpcOutput,
  ipcOperations,
  isIpcOperationName,
} from '../shared/desktop-operations';

/** A handler: a plain function of its parsed input. */
export type Handler<N extends IpcOperationName> = (input: IpcInput<N>) => Promise<IpcOutput<N>>;

/** Handlers by operation name; a name without one answers 501. */
export type HandlerTable = { [N in IpcOperationName]?: Handler<N> };

/** What the router needs. */
export interface IpcRouterOptions {
  /** Origins whose frames may call (the app's custom-protocol origin). */
  allowedOrigins: readonly string[];
  /** The handlers. */
  handlers: HandlerTable;
  /** Where unexpected failures are logged. */
  logger: Logger;
  /** The URL policy every site address of an input passes before its handler runs. */
  policy: UrlPolicy;
}

function refuse(
  status: number,
  error: string,
  code: ErrorCode,
  message?: string,
  field?: string,
): IpcReply {
  const body = { error, code, ...(message ? { message } : {}), ...(field ? { field } : {}) };
  return { ok: false, status, body };
}

/**
 * The guards every call passes, in order: the sender frame's origin must be the app's, the
 * name must be an operation the IPC knows, the input must parse with the operation's schema,
 * its site addresses must pass the URL policy (as on the hosted API), and the desktop must
 * have a handler for it. Only then does the handler run. Never throws: every outcome is
 * a reply, so no stack trace crosses the bridge.
 */
export function createIpcRouter(options: IpcRouterOptions) {
  const { allowedOrigins, handlers, logger, policy } = options;
  return async function dispatch(
    senderOrigin: string | null | undefined,
    name: unknown,
    input: unknown,
  ): Promise<IpcReply> {
    if (!senderOrigin || !allowedOrigins.includes(senderOrigin)) {
      logger.warn('IPC call refused: sender frame is not the app', {
        origin: senderOrigin ?? null,
      });
      return refuse(403, 'IPC refused: unknown sender', 'auth.csrf');
    }
    if (!isIpcOperationName(name)) return refuse(404, 'Unknown operation', 'not-found');
    const parsed = ipcOperations[name].input.safeParse(input ?? {});
    if (!parsed.success) {
      // The schema's message only: field paths are for programs, which switch on the code.
      const refusal = inputRefusal(ipcOperations[name].input);
      const message = parsed.error.issues[0]?.message;
      return refuse(400, refusal.error, refusal.code, message, refusedField(parsed.error));
    }
    const refused = siteAddressRefusal(policy, ipcOperations[name].input, parsed.data);
    if (refused)
      return refuse(400, 'URL not allowed', SITE_REFUSED_CODE, refused.message, refused.field);
    const handler = handlers[name] as ((input: unknown) => Promise<unknown>) | undefined;
    if (!handler) return refuse(501, `${name} is not available in the desktop app`, 'not-found');
    try {
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, status: err.status, body: err.body };
      if (isDiskFull(err)) {
        logger.error('IPC handler failed: the disk is full', { operation: name });
        return refuse(
          503,
          'Out of disk space',
          'storage.full',
          'This computer ran out of disk space. Free some space and try again.',
        );
      }
      logger.error('IPC handler failed', { operation: name, error: String(err) });
      return refuse(
        500,
        'Internal error',
        'internal',
        err instanceof Error ? err.message : String(err),
      );
    }
  };
}

/** The dispatch function `createIpcRouter` returns. */
export type IpcDispatch = ReturnType<typeof createIpcRouter>;
