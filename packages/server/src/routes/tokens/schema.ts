import { operations } from '@mapsmith/core';

/** Input of `POST /api/tokens`: a name of 1-64 characters (trimmed). */
export const createTokenInput = operations['tokens.create'].input;

/** Path params of `DELETE /api/tokens/:id`: a positive integer id. */
export const tokenRefInput = operations['tokens.delete'].input;
