/**
 * Which URL of an `<img>` or `<picture><source>` is the page's image (walkthrough defect 19):
 * lazy loaders keep the real image in `data-src`/`data-srcset` behind a placeholder `src`, and
 * responsive images name several sizes of one picture in `srcset`.
 */

/** One candidate of a `srcset`: its URL and how large it is (width in px, or density × 1e6). */
interface Candidate {
  url: string;
  size: number;
}

/** A density counts below every width: `400w` is larger than `2x` only when compared alike. */
const DENSITY = 1e-6;

/**
 * The candidates of a `srcset` (HTML's "parse a srcset attribute", simplified): URLs end at
 * white space, a trailing comma ends a candidate without descriptors, descriptors run to the
 * next comma outside parentheses. No descriptor means `1x`.
 */
function candidates(srcset: string): Candidate[] {
  const out: Candidate[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i] ?? '')) i++;
    const start = i;
    while (i < srcset.length && !/\s/.test(srcset[i] ?? '')) i++;
    let url = srcset.slice(start, i);
    let descriptor = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let depth = 0;
      const from = i;
      while (i < srcset.length && (srcset[i] !== ',' || depth > 0)) {
        if (srcset[i] === '(') depth++;
        if (srcset[i] === ')') depth--;
        i++;
      }
      descriptor = srcset.slice(from, i).trim().toLowerCase();
    }
    if (!url) continue;
    const width = /(?:^|\s)(\d+)w(?:\s|$)/.exec(descriptor)?.[1];
    const density = /(?:^|\s)(\d*\.?\d+)x(?:\s|$)/.exec(descriptor)?.[1];
    out.push({ url, size: width ? Number(width) : Number(density ?? 1) * DENSITY });
  }
  return out;
}

/** Not an image URL worth listing: empty, or a `data:` placeholder inlined in the page. */
function usable(url: string | undefined): url is string {
  const value = url?.trim();
  return !!value && !value.toLowerCase().startsWith('data:');
}

/**
 * The largest candidate of a `srcset` (the widest `w`, else the highest density `x`; the first
 * of equals): the same picture as the others at its best quality, the one an image sitemap
 * should name. Null when it names none.
 */
export function largestCandidate(srcset: string | undefined): string | null {
  let best: Candidate | null = null;
  for (const c of candidates(srcset ?? ''))
    if (usable(c.url) && (best === null || c.size > best.size)) best = c;
  return best?.url ?? null;
}

/**
 * The one image URL of an `<img>`, or null: the largest candidate of `data-srcset` or `srcset`
 * (a lazy loader's `data-` attribute first: the plain one may be its placeholder), else
 * `data-src`, else `src`. `data:` placeholders never count.
 */
export function imgSource(attributes: Record<string, string>): string | null {
  const fromSet =
    largestCandidate(attributes['data-srcset']) ?? largestCandidate(attributes.srcset);
  if (fromSet) return fromSet;
  for (const value of [attributes['data-src'], attributes.src]) if (usable(value)) return value;
  return null;
}

/** The one image URL of a `<picture><source>`: the largest candidate of `data-srcset`/`srcset`. */
export function sourceSource(attributes: Record<string, string>): string | null {
  return largestCandidate(attributes['data-srcset']) ?? largestCandidate(attributes.srcset);
}
