import { AppError } from '@mapsmith/app';
import { type HttpRoute, LARGE_BODY, maxBodyOf } from '@mapsmith/core';
import express, { type Request, type Response } from 'express';

/**
 * The bytes of large bodies (over `LARGE_BODY`) the server reads at once, across all callers:
 * one upload at the largest route bound (the audit's 60 MB) or a few smaller ones. A parsed
 * JSON body costs about three times its size while it is read and parsed, so this keeps a burst
 * of uploads within the server's memory budget (README: 600 MB).
 */
export const LARGE_BODIES_IN_FLIGHT = 64 * 1024 * 1024;

/** How long a caller refused for want of room is asked to wait. */
const BUSY_RETRY_SECONDS = 30;

/**
 * Room for large request bodies: a byte budget across all callers, and one large body at a
 * time per caller. `enter` answers the release to call when the body has been read, or null
 * when there is no room now.
 */
export class LargeBodyGate {
  #bytes = 0;
  readonly #callers = new Set<string>();

  constructor(readonly budget = LARGE_BODIES_IN_FLIGHT) {}

  enter(caller: string, bytes: number): (() => void) | null {
    if (this.#callers.has(caller) || this.#bytes + bytes > this.budget) return null;
    this.#bytes += bytes;
    this.#callers.add(caller);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#bytes -= bytes;
      this.#callers.delete(caller);
    };
  }
}

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

function refuseEncoding(req: Request): void {
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding === undefined || encoding === '' || encoding === 'identity') return;
  throw new AppError(
    'input.encoding',
    'Unsupported content encoding',
    'Send the request body uncompressed, without a Content-Encoding header',
  );
}

function tooLarge(limit: number): AppError {
  const mb = Math.round(limit / (1024 * 1024));
  return new AppError(
    'input.too-large',
    'Payload too large',
    `The request body is too large: this call takes at most ${mb} MB`,
  );
}

function busy(): AppError {
  return new AppError(
    'input.busy',
    'Too many uploads at once',
    'The server is receiving as many large uploads as it takes at once; please try again in a minute',
    { headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) } },
  );
}

/**
 * Reads the JSON body of an admitted call to `route` into `req.body`: only after the caller is
 * admitted (mount-operations.ts), as sent (no `Content-Encoding`), at most `maxBodyOf(route)`
 * bytes counted while it streams in (a declared length past it is refused before a byte is
 * read), a large body only with room in `gate`.
 */
export function bodyReader(route: HttpRoute, gate: LargeBodyGate) {
  const limit = maxBodyOf(route);
  const parse = express.json({ limit, inflate: false });
  return async (req: Request, res: Response): Promise<void> => {
    refuseEncoding(req);
    const declared = declaredLength(req);
    if (declared !== null && declared > limit) throw tooLarge(limit);
    const large = limit > LARGE_BODY && (declared === null || declared > LARGE_BODY);
    const caller = String(res.locals.user?.id ?? req.ip);
    const release = large ? gate.enter(caller, declared ?? limit) : () => {};
    if (!release) throw busy();
    try {
      await new Promise<void>((resolve, reject) =>
        parse(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
      );
    } finally {
      release();
    }
  };
}
