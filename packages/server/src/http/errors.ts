import { AppError } from '@mapsmith/app';
import { type Logger, refusedField } from '@mapsmith/core';
import type { ErrorRequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { isDiskFull } from '../storage/disk-space.js';

declare global {
  namespace Express {
    interface Locals {
      /**
       * Headers every error answer of this request carries, worked out only when one is given
       * (a crawl start's rate window, `crawlRateHeaders`); an error's own headers win.
       */
      errorHeaders?: () => Promise<Record<string, string>>;
    }
  }
}

/** The request's error headers; none when they cannot be worked out (the answer still goes). */
async function requestErrorHeaders(res: Response): Promise<Record<string, string>> {
  try {
    return (await res.locals.errorHeaders?.()) ?? {};
  } catch {
    return {};
  }
}

/**
 * Turns a zod failure into sentences for people ("Enter an absolute http:// or https:// URL"):
 * the schema's messages only, without field paths, each once. The contract's messages already
 * name what is wrong; a path like "url:" is for programs, which switch on the `code`.
 */
export function describeZodError(err: ZodError): string {
  return [...new Set(err.issues.map((issue) => issue.message))].join('; ');
}

/**
 * The last middleware: every failure becomes a JSON `{error, message}` answer. Unknown errors
 * answer 500 without their details (they are logged instead), so nothing internal leaks.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return async (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const headers = await requestErrorHeaders(res);
    if (res.headersSent) return;
    res.set(headers);
    if (err instanceof AppError) {
      res
        .status(err.status)
        .set(err.headers)
        .json({ ...err.body, message: err.message });
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json({
        error: 'Invalid input',
        message: describeZodError(err),
        code: 'input.invalid',
        ...(refusedField(err) ? { field: refusedField(err) } : {}),
      });
      return;
    }
    const e = err as { type?: string; status?: number; message?: string };
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({
        error: 'Invalid JSON',
        message: 'The request body is not valid JSON',
        code: 'input.json',
      });
      return;
    }
    if (e.type === 'entity.too.large') {
      res.status(413).json({
        error: 'Payload too large',
        message: 'The request body is too large',
        code: 'input.too-large',
      });
      return;
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      // 4xx errors raised by Express middleware (express.static's 404, for one).
      res.status(e.status).json({
        error: e.status === 404 ? 'Not found' : 'Bad request',
        message: e.message,
        code: e.status === 404 ? 'not-found' : 'input.invalid',
      });
      return;
    }
    if (isDiskFull(err)) {
      logger.error('request failed: the disk is full', { method: req.method, path: req.path });
      res.status(503).set('Retry-After', '300').json({
        error: 'Out of disk space',
        message: 'The server ran out of disk space. Please try again later.',
        code: 'storage.full',
      });
      return;
    }
    logger.error('request failed', {
      method: req.method,
      path: req.path,
      error: String(e.message ?? err),
    });
    res.status(500).json({
      error: 'Internal error',
      message: 'Something went wrong on our side',
      code: 'internal',
    });
  };
}
