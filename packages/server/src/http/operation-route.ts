import type { AppError } from '@mapsmith/app';
import type { HTTP_ROUTES, OperationName, OutputOf, operations } from '@mapsmith/core';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session.js';
import type { HttpResult } from './http-result.js';

/** The parsed input of an operation: path params, query (GET) or body, together. */
export type RouteInput<N extends OperationName> = z.output<(typeof operations)[N]['input']>;

/** The caller of a route that needs a signed-in user has one; a public route may have none. */
export type RouteUser<N extends OperationName> = (typeof HTTP_ROUTES)[N]['auth'] extends true
  ? SessionUser
  : SessionUser | undefined;

/** Who is asking, and the parts of the request a handler may need besides its input. */
export interface RouteCall<U extends SessionUser | undefined = SessionUser | undefined> {
  /** The signed-in user (session or API token); always set unless the route is public. */
  user: U;
  /** The request: its client address (`req.ip`), its origin for links in mail. */
  req: Request;
  /**
   * The response, for what is not the body: the account calls set or clear the session
   * cookie on it, and `res.locals` holds the API token's window. The binder writes the body.
   */
  res: Response;
  /** Aborted when the client goes away before the answer is complete. */
  signal: AbortSignal;
}

/**
 * A route's handler: a function of the parsed input and the caller. It answers the output (a
 * `200` JSON) or an `HttpResult` (another status, headers, a download), and refuses by
 * throwing an `AppError` with the contract's code.
 */
export type RouteHandler<N extends OperationName> = (
  input: RouteInput<N>,
  call: RouteCall<RouteUser<N>>,
) => Promise<OutputOf<N> | HttpResult> | OutputOf<N> | HttpResult;

/**
 * A handler with the ways its route differs from the binder's defaults. Each one exists
 * because a route answered that way before it was bound from the contract, and its tests say so.
 */
export interface RouteSpec<N extends OperationName> {
  /** The handler. */
  handle: RouteHandler<N>;
  /**
   * The server's own schema for the input, where HTTP carries it differently (`compress=true`
   * in a query string) or the hosted app words its rules (spec §5 sign-in). Its output is the
   * contract's input, so the handler reads the same fields.
   */
  input?: z.ZodType<RouteInput<N>>;
  /** The refusal of a signed-out caller (default: 401 `auth.required`). */
  signedOut?: (res: Response) => AppError;
  /** The refusal of a caller without Pro on a `pro` route (default: 403 `auth.pro-required`). */
  notPro?: () => AppError;
  /** The refusal of an API token on a `pro-session` route (default: 403 `auth.session-required`). */
  tokenRefused?: () => AppError;
}

/** One route of the table: a handler, or a handler with its differences. */
export type Route<N extends OperationName> = RouteHandler<N> | RouteSpec<N>;

/** Handlers by operation name; the binder refuses a table that misses one or names no operation. */
export type RouteTable = { [N in OperationName]?: Route<N> };
