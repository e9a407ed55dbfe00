import path from 'node:path';
import type { ErrorCode } from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import { HOSTED_ONLY } from '../../packages/desktop/src/main/handlers/app';
import {
  DESKTOP_ERRORS,
  desktopOperations,
  type IpcOperationName,
  ipcOperations,
  isIpcOperationName,
} from '../../packages/desktop/src/shared/desktop-operations';
import { documentedCodes, NOT_ANSWERED, PACKAGES, thrownCodes } from '../support/thrown-codes';

/**
 * Issue 27 point 4 for the desktop: the codes each IPC handler may throw, read statically by
 * the same module as the server's routes (tests/support/thrown-codes.ts), against the codes
 * the operation declares: an operation of the contract what its API reference lists (the same
 * record the web and the API read) plus the codes only the desktop answers (`DESKTOP_ERRORS`);
 * a desktop operation its own record's `errors` (`desktopOperations`). Both ways.
 */
const HANDLERS = path.join(PACKAGES, 'desktop/src/main/handlers');

/** Exceptions only the desktop's handlers need, each with why (as `NOT_ANSWERED`). */
const DESKTOP_NOT_ANSWERED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // `bulk.save` writes the zip `bulk.download` answers, from the same entries.
  'bulk.save': NOT_ANSWERED['bulk.download'] ?? {},
  ...Object.fromEntries(
    (['schedules.list', 'schedules.pause', 'schedules.delete'] as const).map((name) => [
      name,
      { 'schedule.not-on-desktop': 'NO_PUBLISHER.publish refuses a run’s publishing only' },
    ]),
  ),
};

function notAnswered(name: string, code: string): boolean {
  return Boolean(NOT_ANSWERED[name]?.[code] ?? DESKTOP_NOT_ANSWERED[name]?.[code]);
}

const isDesktopOperation = (name: string): name is keyof typeof desktopOperations =>
  Object.hasOwn(desktopOperations, name);

/** The codes `name` declares for the desktop. */
function declaredCodes(documented: Map<string, Set<string>>, name: IpcOperationName): Set<string> {
  if (isDesktopOperation(name)) return new Set(desktopOperations[name].errors);
  return new Set([
    ...(documented.get(name) ?? []),
    ...((DESKTOP_ERRORS as Record<string, readonly ErrorCode[]>)[name] ?? []),
  ]);
}

describe('the codes each IPC operation declares', () => {
  const thrown = thrownCodes(HANDLERS, isIpcOperationName);
  const documented = documentedCodes();
  const hostedOnly = new Set<string>(HOSTED_ONLY.flatMap(({ names }) => names));
  const handled = (Object.keys(ipcOperations) as IpcOperationName[]).filter(
    (name) => !hostedOnly.has(name),
  );

  it('finds the handler of every operation the desktop runs, and refusals in them', () => {
    expect(handled.filter((name) => !thrown.has(name))).toEqual([]);
    expect(new Set([...thrown.values()].flatMap((codes) => [...codes])).size).toBeGreaterThan(30);
  });

  it('keeps its exceptions true: each is a code the reading finds', () => {
    for (const [name, codes] of [
      ...Object.entries(NOT_ANSWERED),
      ...Object.entries(DESKTOP_NOT_ANSWERED),
    ])
      for (const code of Object.keys(codes))
        if (thrown.has(name))
          expect(thrown.get(name)?.has(code as ErrorCode), `${name} ${code}`).toBe(true);
  });

  it('list every code its handler can answer with', () => {
    const undeclared = handled.flatMap((name) => {
      const declared = declaredCodes(documented, name);
      return [...(thrown.get(name) ?? [])]
        .filter((code) => !declared.has(code) && !notAnswered(name, code))
        .map((code) => `${name} throws ${code}`);
    });
    expect(undeclared).toEqual([]);
  });

  it('list no desktop code its handler never answers with', () => {
    const own = [
      ...Object.entries(desktopOperations).map(([name, op]) => [name, op.errors] as const),
      ...Object.entries(DESKTOP_ERRORS),
    ];
    const unthrown = own.flatMap(([name, codes]) =>
      (codes ?? [])
        .filter((code) => !thrown.get(name)?.has(code))
        .map((code) => `${name} never throws ${code}`),
    );
    expect(unthrown).toEqual([]);
  });
});
