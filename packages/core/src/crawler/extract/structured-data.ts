/** JSON-LD reading: the schema.org types present and VideoObjects as sitemap videos. */
import type { PageVideo } from '../types.js';

/** What the page's JSON-LD blocks hold. */
export interface JsonLdFacts {
  /** Whether at least one block parsed. */
  present: boolean;
  /** `@type`s found at any depth. */
  types: string[];
  /** VideoObjects, URLs resolved against the page. */
  videos: PageVideo[];
  /** The first `dateModified` of any node. */
  dateModified: string | null;
}

type Json = unknown;

function str(value: Json): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return str(value[0]);
  if (value && typeof value === 'object' && 'url' in value)
    return str((value as { url: Json }).url);
  return null;
}

function abs(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    return new URL(value, base).href;
  } catch {
    return null;
  }
}

/** Parses an ISO 8601 duration (PT1H2M3S) to seconds. */
export function isoDurationSeconds(text: string | null): number | null {
  const m = text
    ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(text)
    : null;
  if (!m) return null;
  const [, d = '0', h = '0', min = '0', s = '0'] = m;
  return Math.round(Number(d) * 86400 + Number(h) * 3600 + Number(min) * 60 + Number(s));
}

/** Reads every JSON-LD block; malformed blocks are skipped (a page's mistake, not ours). */
export function readJsonLd(blocks: string[], pageUrl: string): JsonLdFacts {
  const facts: JsonLdFacts = { present: false, types: [], videos: [], dateModified: null };
  const types = new Set<string>();
  const visit = (node: Json, depth: number): void => {
    if (depth > 20 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, depth + 1);
      return;
    }
    const obj = node as Record<string, Json>;
    const type = obj['@type'];
    const typeList = (Array.isArray(type) ? type : [type]).filter(
      (t): t is string => typeof t === 'string',
    );
    for (const t of typeList) types.add(t);
    facts.dateModified ??= str(obj.dateModified);
    if (typeList.includes('VideoObject'))
      facts.videos.push({
        contentUrl: abs(str(obj.contentUrl), pageUrl),
        playerUrl: abs(str(obj.embedUrl), pageUrl),
        thumbnailUrl: abs(str(obj.thumbnailUrl), pageUrl),
        title: str(obj.name),
        description: str(obj.description),
        durationSeconds: isoDurationSeconds(str(obj.duration)),
        publicationDate: str(obj.uploadDate),
      });
    for (const [key, value] of Object.entries(obj)) if (key !== '@context') visit(value, depth + 1);
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block), 0);
      facts.present = true;
    } catch {
      // Invalid JSON-LD is reported as absent.
    }
  }
  facts.types = [...types];
  return facts;
}
