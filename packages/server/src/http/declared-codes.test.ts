import path from 'node:path';
import {
  type ErrorCode,
  HTTP_ROUTES,
  httpAccess,
  inputRefusal,
  OPERATION_DOCS,
  operations,
  type RoutedOperationName,
  SITE_REFUSED_CODE,
  siteAddressFields,
} from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import {
  documentedCodes,
  NOT_ANSWERED,
  PACKAGES,
  thrownCodes,
} from '../../../../tests/support/thrown-codes.js';

/**
 * Issue 27 point 4: every operation declares the codes it may answer (operation-docs*.ts, the
 * API reference), and this holds the declarations to the code: the codes each route of the
 * server's tables may throw, read statically (tests/support/thrown-codes.ts, which reads the
 * desktop's IPC handlers the same way), against the codes its reference lists, both ways.
 */
const ROUTES = path.join(PACKAGES, 'server/src/routes');

/**
 * Codes an operation may answer that no handler constructs: the error handler answers a write
 * that finds the disk full with `storage.full` (errors.ts), whatever the operation.
 */
const ERROR_HANDLER_CODES: readonly ErrorCode[] = ['storage.full'];

/** The codes the binder (mount-operations.ts) answers for an operation before its handler. */
function binderCodes(name: RoutedOperationName): ErrorCode[] {
  const input = operations[name].input;
  const access = httpAccess(name);
  return [
    inputRefusal(input).code,
    ...(siteAddressFields(input).length > 0 ? [SITE_REFUSED_CODE] : []),
    ...(access === 'pro' || access === 'pro-session' ? (['auth.pro-required'] as const) : []),
    ...(access === 'pro-session' ? (['auth.session-required'] as const) : []),
  ];
}

describe('the codes each operation declares', () => {
  const thrown = thrownCodes(ROUTES, (name) => Object.hasOwn(HTTP_ROUTES, name));
  const documented = documentedCodes();
  const names = Object.keys(HTTP_ROUTES) as RoutedOperationName[];

  it('finds the handler of every operation, and refusals in them', () => {
    expect(names.filter((name) => !thrown.has(name))).toEqual([]);
    expect(new Set([...thrown.values()].flatMap((codes) => [...codes])).size).toBeGreaterThan(50);
  });

  it('keeps its exceptions true: each is a code the reading finds', () => {
    for (const [name, codes] of Object.entries(NOT_ANSWERED))
      for (const code of Object.keys(codes ?? {}))
        expect(thrown.get(name)?.has(code as ErrorCode), `${name} ${code}`).toBe(true);
  });

  it('list every code its handler can answer with', () => {
    const undeclared = names.flatMap((name) =>
      [...(thrown.get(name) ?? [])]
        .filter((code) => !documented.get(name)?.has(code) && !NOT_ANSWERED[name]?.[code])
        .map((code) => `${name} throws ${code}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('list no code its handler never answers with', () => {
    const unthrown = names.flatMap((name) => {
      const answered = new Set([
        ...(thrown.get(name) ?? []),
        ...binderCodes(name),
        ...ERROR_HANDLER_CODES,
      ]);
      return (OPERATION_DOCS[name]?.errors ?? [])
        .filter((code) => !answered.has(code))
        .map((code) => `${name} never throws ${code}`);
    });
    expect(unthrown).toEqual([]);
  });
});
