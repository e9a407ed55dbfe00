/**
 * The site's structure by folder (issue 29), bounded: at most `FOLDER_LEVELS` folder levels
 * under each host, the `FOLDERS_KEPT` largest folders of each, the rest summed as "other".
 * Built from the URLs one at a time, so a crawl's rows are never held together.
 */
import { FOLDER_LEVELS } from '../contract/chart-buckets.js';
import type { FolderNode, FolderRest } from '../contract/chart-schemas.js';
/** Folders kept per level of a node (and hosts at the top); the rest are summed. */
export const FOLDERS_KEPT = 8;

interface Tally {
  urls: number;
  issues: number;
  children: Map<string, Tally>;
}

/** The tally of `key` in `map`, added when new. */
function childOf(map: Map<string, Tally>, key: string): Tally {
  const found = map.get(key);
  if (found) return found;
  const made: Tally = { urls: 0, issues: 0, children: new Map() };
  map.set(key, made);
  return made;
}

function count(t: Tally, broken: boolean): void {
  t.urls++;
  if (broken) t.issues++;
}

/**
 * A URL's host part (`https://example.com`) and its folders (`['blog', '2024']` for
 * `/blog/2024/post?x`): every path segment but the last, the query and fragment left out.
 */
export function foldersOf(url: string): { origin: string; folders: string[] } {
  const start = url.indexOf('://');
  const slash = url.indexOf('/', start < 0 ? 0 : start + 3);
  if (slash < 0) return { origin: url, folders: [] };
  const path = url.slice(slash + 1).split(/[?#]/, 1)[0] ?? '';
  return { origin: url.slice(0, slash), folders: path.split('/').slice(0, -1) };
}

/** Counts URLs into a bounded folder tree. */
export class FolderTree {
  private readonly hosts = new Map<string, Tally>();

  /** Counts `url`; `broken` when it answered an error status or nothing. */
  add(url: string, broken: boolean): void {
    const { origin, folders } = foldersOf(url);
    let node = childOf(this.hosts, origin);
    count(node, broken);
    for (const folder of folders.slice(0, FOLDER_LEVELS)) {
      node = childOf(node.children, folder);
      count(node, broken);
    }
  }

  /** The hosts, largest first, and what the hosts left out add up to. */
  result(): { folders: FolderNode[]; other: FolderRest | null } {
    return kept(this.hosts, (origin) => ({ name: origin, prefix: `${origin}/` }));
  }
}

/** The largest `FOLDERS_KEPT` of `tallies` as nodes (named by `naming`), the rest summed. */
function kept(
  tallies: Map<string, Tally>,
  naming: (key: string) => { name: string; prefix: string },
): { folders: FolderNode[]; other: FolderRest | null } {
  const sorted = [...tallies].sort(([a, x], [b, y]) => y.urls - x.urls || (a < b ? -1 : 1));
  const folders = sorted.slice(0, FOLDERS_KEPT).map(([key, t]) => nodeOf(t, naming(key)));
  const rest = sorted.slice(FOLDERS_KEPT);
  const other = rest.length
    ? {
        folders: rest.length,
        urls: rest.reduce((sum, [, t]) => sum + t.urls, 0),
        issues: rest.reduce((sum, [, t]) => sum + t.issues, 0),
      }
    : null;
  return { folders, other };
}

function nodeOf(t: Tally, at: { name: string; prefix: string }): FolderNode {
  const below = kept(t.children, (folder) => ({
    name: `${folder}/`,
    prefix: `${at.prefix}${folder}/`,
  }));
  return { ...at, urls: t.urls, issues: t.issues, children: below.folders, other: below.other };
}
