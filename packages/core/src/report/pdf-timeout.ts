import { plural } from '../text/counts.js';

/**
 * A PDF print ran out of time: thrown by the renderer that prints (`@mapsmith/render`) and
 * recognised by the application layer that words the refusal (`report.pdf-timeout`).
 */
export class PdfTimeoutError extends Error {
  constructor(ms: number) {
    super(`The PDF was not printed within ${plural(Math.round(ms / 1000), 'second')}.`);
    this.name = 'PdfTimeoutError';
  }
}
