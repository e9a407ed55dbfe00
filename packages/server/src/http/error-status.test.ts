import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_STATUS, isErrorCode } from '@mapsmith/core';
import { describe, expect, it } from 'vitest';

/**
 * The published API reference lists each error code under the status `ERROR_STATUS` gives it.
 * This reads every `new HttpError(<status>, …, '<code>')` the server throws (and the core's
 * `SitemapDownloadError`s, which the checker route answers as they are) and holds the two
 * together, so a status changed in a handler cannot leave the reference saying another.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));
const CORE_NET = fileURLToPath(new URL('../../../core/src/net', import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The argument text of each `new <error>(...)` call, parentheses balanced. */
function constructorCalls(text: string, error: string): string[] {
  const opening = `new ${error}(`;
  const calls: string[] = [];
  for (let at = text.indexOf(opening); at !== -1; at = text.indexOf(opening, at + 1)) {
    let depth = 0;
    for (let i = at + opening.length - 1; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        calls.push(text.slice(at + opening.length, i));
        break;
      }
    }
  }
  return calls;
}

describe('the status of each error code', () => {
  it('is the one the server answers it with, wherever it throws it', () => {
    const found: string[] = [];
    const throws = [
      ...sourceFiles(SRC).map((file) => ({ file, error: 'HttpError' })),
      ...sourceFiles(CORE_NET).map((file) => ({ file, error: 'SitemapDownloadError' })),
    ];
    for (const { file, error } of throws) {
      for (const args of constructorCalls(fs.readFileSync(file, 'utf8'), error)) {
        const status = /^\s*(\d{3})\s*,/.exec(args)?.[1];
        const code = [...args.matchAll(/'([a-z]+(?:[.-][a-z]+)*)'/g)]
          .map((m) => m[1])
          .filter(isErrorCode)
          .at(-1);
        if (!status || !code) continue;
        const where = `${path.basename(file)}: ${code}`;
        // A body that is not JSON is refused as 415 input.invalid (BODY_TYPE_REFUSAL).
        if (code === 'input.invalid' && status === '415') continue;
        expect(Number(status), where).toBe(ERROR_STATUS[code]);
        found.push(code);
      }
    }
    // The scan must see the server's throws, or it proves nothing.
    expect(new Set(found).size).toBeGreaterThan(30);
  });
});
