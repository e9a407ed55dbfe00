import type { ValidationResult } from '../contract/schemas.js';
import { duplicatesFound, LOW_VALID_RATIO, moreNotListed } from './messages.js';
import type { SitemapKind } from './types.js';

type Message = { message: string; line?: number };

/** The growing result of one check: messages (capped), counters, and the final object. */
export class Report {
  /** Which kind of file it is. */
  kind: SitemapKind = 'unknown';
  /** Entries read. */
  total = 0;
  /** Entries without an error (for feeds: without a link problem). */
  valid = 0;
  /** Duplicate entries (repeats of an earlier entry's URL; never counted valid). */
  duplicates = 0;
  /** The first repeated URL and its line, for the one duplicates warning. */
  private firstDuplicate: Message | null = null;
  private readonly errors: Message[] = [];
  private readonly warnings: Message[] = [];
  private droppedErrors = 0;
  private droppedWarnings = 0;
  private hasError = false;

  /** @param maxMessages most messages kept per list. */
  constructor(private readonly maxMessages: number) {}

  /** Adds an error. */
  error(message: string, line?: number): void {
    this.hasError = true;
    if (this.errors.length < this.maxMessages) this.errors.push(at(message, line));
    else this.droppedErrors++;
  }

  /** Adds a warning. */
  warning(message: string, line?: number): void {
    if (this.warnings.length < this.maxMessages) this.warnings.push(at(message, line));
    else this.droppedWarnings++;
  }

  /** Counts a repeat of an earlier entry's URL. */
  duplicate(url: string, line: number): void {
    if (this.duplicates++ === 0) this.firstDuplicate = at(url, line);
  }

  /** Adds the spec's summary warnings (duplicates, valid ratio). */
  summarize(): void {
    const first = this.firstDuplicate;
    if (first) this.warning(duplicatesFound(this.duplicates, first.message), first.line);
    if (this.total > 0 && this.valid / this.total < 0.9) this.warning(LOW_VALID_RATIO);
  }

  /** The result object; invalid when there is any error. */
  result(): ValidationResult {
    const errors = [...this.errors];
    const warnings = [...this.warnings];
    if (this.droppedErrors) errors.push({ message: moreNotListed(this.droppedErrors, 'errors') });
    if (this.droppedWarnings)
      warnings.push({ message: moreNotListed(this.droppedWarnings, 'warnings') });
    return {
      isValid: !this.hasError,
      errors,
      warnings,
      stats: { totalUrls: this.total, validUrls: this.valid, duplicateUrls: this.duplicates },
      kind: this.kind,
    };
  }
}

function at(message: string, line?: number): Message {
  return line === undefined ? { message } : { message, line };
}
