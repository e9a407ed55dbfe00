import { futureLastmod, sameLastmod } from '../messages.js';
import type { Field } from '../types.js';
import { checkLastmod } from '../values.js';
import type { RuleContext } from './context.js';

/**
 * Fewer URLs than this never count as "one lastmod on every URL": the checker's warning and the
 * exports' rule of leaving such a date out (export/uniform-lastmod.ts) read it here.
 */
export const SAME_LASTMOD_MIN_URLS = 3;

/** lastmod checks: format (spec), future dates and one date on every URL (beyond the spec). */
export class LastmodRule {
  private future = 0;
  private futureExample = '';
  private futureLine: number | undefined;
  private first: string | null = null;
  private same = 0;

  constructor(private readonly ctx: RuleContext) {}

  /** Checks one entry's lastmod, if it has one. */
  check(field: Field | undefined): void {
    if (!field) return;
    const time = checkLastmod(field.text, field.line, this.ctx.warning);
    if (time === null) return;
    // A day of slack: a date-only lastmod in a later time zone is not "in the future".
    if (time > this.ctx.now + 86_400_000 && this.future++ === 0) {
      this.futureExample = field.text;
      this.futureLine = field.line;
    }
    this.first ??= field.text;
    if (field.text === this.first) this.same++;
  }

  /** The summary warnings. `total` is the number of entries in the file. */
  finish(total: number): void {
    if (this.future > 0)
      this.ctx.warning(futureLastmod(this.future, this.futureExample), this.futureLine);
    if (total >= SAME_LASTMOD_MIN_URLS && this.same === total && this.first)
      this.ctx.warning(sameLastmod(this.first));
  }
}
