/**
 * A text whose length a rule bounds (a title, a meta description): its length as the rules count
 * it, whether it is out of bounds, and the note that shows it beside its URL.
 */
import { plural } from '../../text/counts.js';

export interface LengthBounds {
  min: number;
  max: number;
}

/** The length of `text` as the rules count it: trimmed, in characters; 0 when absent. */
export function textLength(text: string | null): number {
  return text?.trim().length ?? 0;
}

/** Whether a present text is shorter than `min` or longer than `max`. */
export function outOfBounds(text: string | null, bounds: LengthBounds): boolean {
  const length = textLength(text);
  return length > 0 && (length < bounds.min || length > bounds.max);
}

/** The offending text, its length and the bound it misses: "“Home” (4 characters, under 10)". */
export function lengthNote(text: string | null, bounds: LengthBounds): string {
  const length = textLength(text);
  const miss = length < bounds.min ? `under ${bounds.min}` : `over ${bounds.max}`;
  return `“${text?.trim() ?? ''}” (${plural(length, 'character')}, ${miss})`;
}
