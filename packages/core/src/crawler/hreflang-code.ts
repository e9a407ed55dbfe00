/**
 * The one rule for a usable hreflang value (walkthrough defect 17), read by the sitemap writers
 * (an invalid code is never copied into a sitemap) and the SEO rules (it is reported).
 *
 * Google reads `x-default` or a BCP 47 tag of the form language, optional script, optional
 * region: `de`, `zh-Hant`, `zh-Hant-TW`, `es-419`, `en-GB`. The language must be an ISO 639
 * code and the region an ISO 3166-1 code (or a UN M.49 area), as ICU's display names know them,
 * each in its current form: `fr-FRANCE` (no region code), `xx` (no language), `en-UK` (the
 * code is `en-GB`), `eng` (`en`) and the "unknown" codes `ZZ`/`Zzzz` are invalid. Case does
 * not matter.
 */

import type { HreflangAlternate } from './types.js';
import { urlKey } from './url-key.js';

const SHAPE = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$/i;

type NameKind = 'language' | 'region' | 'script';

/**
 * ICU's display names, made at the first code checked: making the three costs ~25 ms of CPU
 * (ICU loads their data), which every `mapsmith crawl` paid at start-up, since the crawl's
 * modules import this one, though only exports and SEO rules read a code (issue 28 point 1).
 */
const names = new Map<NameKind, Intl.DisplayNames>();

function known(type: NameKind, code: string): boolean {
  let of = names.get(type);
  if (!of) {
    of = new Intl.DisplayNames(['en'], { type, fallback: 'none' });
    names.set(type, of);
  }
  try {
    return of.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** Whether `value` is an hreflang code Google accepts (`x-default` or language[-script][-region]). */
export function isHreflangCode(value: string): boolean {
  const code = value.trim();
  if (code.toLowerCase() === 'x-default') return true;
  const m = SHAPE.exec(code);
  if (!m?.[1]) return false;
  if (/^(zz|zzzz)$/i.test(m[2] ?? '') || /^zz$/i.test(m[3] ?? '')) return false;
  // Aliases (`iw`, `eng`, `UK`) are canonicalised away: only the current code is the code.
  if (Intl.getCanonicalLocales(code)[0]?.toLowerCase() !== code.toLowerCase()) return false;
  if (!known('language', m[1].toLowerCase())) return false;
  if (m[2] && !known('script', m[2][0]?.toUpperCase() + m[2].slice(1).toLowerCase())) return false;
  return !m[3] || known('region', m[3].toUpperCase());
}

/** The alternates a sitemap may carry: those with a valid code (see `isHreflangCode`). */
export function listableAlternates(alternates: readonly HreflangAlternate[]): HreflangAlternate[] {
  return alternates.filter((a) => isHreflangCode(a.hreflang));
}

/** A URL as the crawl keys it, so an alternate and the page it names compare equal. */
export function keyOf(url: string): string {
  return urlKey(url) ?? url;
}
