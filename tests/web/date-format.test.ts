import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../packages/web/src');

/** Every source file of the web app, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Walkthrough defect 44: dates in one format, with times where two events may share a day. The
 * one helper is `format.ts`; a schedule's times are told in its own zone (`schedule-words.ts`).
 */
describe('dates in one format', () => {
  it('are written by format.ts only', () => {
    const allowed = new Set(['app/format.ts', 'schedules/schedule-words.ts']);
    const own = sources(SRC)
      .filter((file) => !allowed.has(relative(SRC, file)))
      .filter((file) =>
        /toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => relative(SRC, file));
    expect(own).toEqual([]);
  });
});
