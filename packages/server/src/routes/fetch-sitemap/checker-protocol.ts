import type { ErrorCode } from '@mapsmith/core';

/** What the main thread asks of a checker worker. */
export type CheckerRequest =
  | { type: 'check'; url: string }
  /** The socket took a piece: one more may come. */
  | { type: 'more' }
  /** The client left: send no more pieces. */
  | { type: 'stop' };

/** What a checker worker answers, in order: `start`, pieces, `end`; or one refusal or failure. */
export type CheckerReply =
  | { type: 'start' }
  | { type: 'piece'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'refused'; status: number; error: string; message: string; code: ErrorCode }
  | { type: 'failed'; message: string };
