/**
 * The content fingerprint of a page (issue 13): a hash of its main text, so the change report
 * and the honest lastmod see what a reader sees change. Markup, attributes (CSRF tokens, nonces,
 * ad slot ids), scripts and styles never enter it, and neither does the text of the page's
 * furniture (`nav`, `header`, `footer`, `aside`), where rotating ads, "generated at" stamps and
 * menus live. When the page marks its main content (`<main>`, `role=main`, or an `<article>`),
 * only the text inside counts.
 */
import { hash } from 'node:crypto';

/** Elements whose text is site furniture, not the page's content. */
const FURNITURE = new Set(['nav', 'header', 'footer', 'aside']);

/**
 * The runs of white space that differ from one plain space: a run holding any other white
 * space character, or two spaces or more. Single spaces between words, by far the most common,
 * do not match, so folding a long text costs about one scan of it.
 */
const UNUSUAL_SPACE = / ?[^\S ]\s*| {2,}\s*/g;

/** The white space characters of Latin-1 other than the plain space (`\s` holds them). */
const LATIN1_SPACES = ['\t', '\n', '\v', '\f', '\r', '\u00a0'];
/** A character beyond Latin-1. */
const BEYOND_LATIN1 = /[^\0-\xff]/;
/** The white space characters of `\s` beyond Latin-1. */
const WIDE_SPACE = /[\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const TWO_SPACES = / {2}/;

/**
 * Whether `text` holds no run for `UNUSUAL_SPACE`, found without that expression's scan, which
 * cost a static crawl 7 % of its CPU (2 to 2.4 ns a character of every page's text): each Latin-1
 * space is one `indexOf`, the wide ones one simple class (skipped without a scan when V8 holds
 * the text as Latin-1), and two spaces one short expression, together 0.6 to 1.4 ns a
 * character. A text that passes, the usual kind, needs no fold.
 */
function plainlySpaced(text: string): boolean {
  for (const space of LATIN1_SPACES) if (text.includes(space)) return false;
  if (BEYOND_LATIN1.test(text) && WIDE_SPACE.test(text)) return false;
  return !TWO_SPACES.test(text);
}

/**
 * 16 hex characters of SHA-1 over the text nodes, trimmed, joined by one space (so
 * "a</p><p>b" reads "a b"), with every run of white space read as one space; null without text.
 */
function foldedHash(parts: readonly string[]): string | null {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part.trim();
    if (text) kept.push(text);
  }
  if (kept.length === 0) return null;
  const joined = kept.join(' ');
  const words = plainlySpaced(joined) ? joined : joined.replace(UNUSUAL_SPACE, ' ');
  // The one-shot hash: no Hash object and stream wrapper per page.
  return hash('sha1', words, 'hex').slice(0, 16);
}

/** Collects text during one parse; `digest` gives the fingerprint at the end. */
export interface ContentFingerprint {
  /** An element opened (`role` is its role attribute, if any). */
  open(name: string, role: string | undefined): void;
  /** An element closed. */
  close(name: string): void;
  /** Text met outside scripts and styles. */
  add(text: string): void;
  /** 16 hex characters of SHA-1 over the main text (white space folded), or null without text. */
  digest(): string | null;
}

/** A fingerprint for one page's parse. */
export function createContentFingerprint(): ContentFingerprint {
  let furniture = 0;
  // Main-content elements open now, each with how many same-named elements nest inside it,
  // so closing an inner `div` does not end a `div role=main`.
  const mains: { name: string; nested: number }[] = [];
  // Raw text kept as it comes and hashed once at the end, in one pass over the chosen part.
  const body: string[] = [];
  const main: string[] = [];
  const isMain = (name: string, role: string | undefined) =>
    name === 'main' || name === 'article' || role?.toLowerCase() === 'main';
  return {
    open(name, role) {
      if (FURNITURE.has(name)) furniture++;
      const top = mains.at(-1);
      if (isMain(name, role)) mains.push({ name, nested: 0 });
      else if (top?.name === name) top.nested++;
    },
    close(name) {
      if (FURNITURE.has(name) && furniture > 0) furniture--;
      const top = mains.at(-1);
      if (top?.name !== name) return;
      if (top.nested > 0) top.nested--;
      else mains.pop();
    },
    add(text) {
      if (furniture > 0) return;
      body.push(text);
      if (mains.length > 0) main.push(text);
    },
    digest() {
      return foldedHash(main) ?? foldedHash(body);
    },
  };
}
