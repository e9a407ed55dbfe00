import type { ErrorCode } from './error-codes.js';
import { operations } from './operations.js';

/**
 * The inputs that filter the crawl report (the URL table, one URL, the report file, and any
 * shell operation that takes the same input, such as the desktop's `report.save`).
 */
const REPORT_FILTER_INPUTS: ReadonlySet<unknown> = new Set([
  operations['crawl.urls'].input,
  operations['crawl.url'].input,
  operations['crawl.report'].input,
]);

/**
 * How both shells title and code input their schema refuses, by the operation's input schema:
 * a bad report filter is `report.filter-invalid`, anything else `input.invalid`.
 */
export function inputRefusal(input: unknown): { error: string; code: ErrorCode } {
  return REPORT_FILTER_INPUTS.has(input)
    ? { error: 'Invalid filter', code: 'report.filter-invalid' }
    : { error: 'Invalid input', code: 'input.invalid' };
}

/**
 * The input field a schema refusal is about, as both shells send it in the error's `field`
 * (`url`, `settings.maxDepth`), so a form can show the sentence under that field; undefined
 * when the refusal is about the input as a whole.
 */
export function refusedField(error: {
  issues: readonly { path: readonly PropertyKey[] }[];
}): string | undefined {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.map(String).join('.') : undefined;
}
