/**
 * A robots.txt parser and matcher written against RFC 9309 and read the way Google's open-source
 * matcher (github.com/google/robotstxt) reads files: a group is one or more `User-agent` lines
 * and the rules after them, and only an `Allow`/`Disallow` line closes the agent list, so a
 * `Crawl-delay`, `Sitemap` or unknown line between two `User-agent` lines keeps them one group;
 * groups naming the same agent are merged; the longest matching pattern wins and a tie goes to
 * Allow; lines longer than Google's 16,663 bytes are cut there. robots-parser ended groups on any
 * line and read our 500 KiB cap one line short, so it was replaced.
 */

/** Google's cap on one line (8 × 2083 bytes, the terminating byte included). */
const MAX_LINE = 8 * 2083 - 1;

interface Rule {
  allow: boolean;
  /** The pattern, percent-encoding normalised (see `normalizeEncoding`). */
  pattern: string;
}

interface Group {
  /** Lower-cased product tokens; `*` for the global group. */
  agents: string[];
  rules: Rule[];
  crawlDelay: number | undefined;
}

/** A parsed robots.txt. */
export interface RobotsTxt {
  /** Whether `agent` may fetch `url` (absolute http(s) URL as linked). */
  isAllowed(url: string, agent: string): boolean;
  /** The Crawl-delay, in seconds, of the group that applies to `agent`. */
  crawlDelay(agent: string): number | undefined;
  /** The `Sitemap:` URLs, resolved against the robots.txt URL. */
  sitemaps: string[];
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const encoder = new TextEncoder();
/** What `normalizeEncoding` changes: an escape or a character outside US-ASCII. */
const NEEDS_NORMALIZING = /[%\u0080-\uffff]/;

/**
 * RFC 9309 §2.2.2: octets outside US-ASCII are percent-encoded, and a percent-encoded octet is
 * decoded when it is an unreserved character; the remaining escapes get upper-case hex (as
 * Google's MaybeEscapePattern does). Applied alike to patterns and to URL paths.
 */
export function normalizeEncoding(text: string): string {
  // Most paths are plain ASCII: asked per URL, they come back as they are without a copy.
  if (!NEEDS_NORMALIZING.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && i + 2 < text.length && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      const ch = String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(ch) ? ch : `%${text.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (c < 0x80) out += text[i];
    else {
      const cp = text.codePointAt(i) ?? c;
      const ch = String.fromCodePoint(cp);
      for (const b of encoder.encode(ch))
        out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
      i += ch.length - 1;
    }
  }
  return out;
}

/**
 * Google's matcher: `*` matches any run of characters, a final `$` anchors the end, everything
 * else is literal; patterns match from the start of the path. Linear in path × pattern, so a
 * pattern full of `*` cannot make it backtrack exponentially.
 */
export function patternMatches(path: string, pattern: string): boolean {
  const n = path.length;
  let pos: number[] = [0];
  for (let p = 0; p < pattern.length; p++) {
    const ch = pattern[p];
    if (ch === '$' && p + 1 === pattern.length) return pos[pos.length - 1] === n;
    if (ch === '*') {
      const from = pos[0] as number;
      pos = [];
      for (let i = from; i <= n; i++) pos.push(i);
    } else {
      const next: number[] = [];
      for (const at of pos) if (at < n && path[at] === ch) next.push(at + 1);
      if (next.length === 0) return false;
      pos = next;
    }
  }
  return true;
}

/** The path, params and query of an absolute URL, no fragment; `/` for an empty path. */
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname || '/'}${u.search}`;
  } catch {
    return '/';
  }
}

/** The product token of a `User-agent` value: leading `[A-Za-z_-]` characters (Google). */
function agentToken(value: string): string {
  if (value.startsWith('*') && (value.length === 1 || /\s/.test(value[1] ?? ''))) return '*';
  return (/^[A-Za-z_-]+/.exec(value)?.[0] ?? '').toLowerCase();
}

type Key = 'agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay' | 'other';

/** Google accepts a few common misspellings of the keys; so do we. */
function keyOf(name: string): Key {
  const k = name.toLowerCase();
  if (k === 'user-agent' || k === 'useragent' || k === 'user agent') return 'agent';
  if (k === 'allow') return 'allow';
  if (['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].includes(k))
    return 'disallow';
  if (k === 'sitemap' || k === 'site-map') return 'sitemap';
  if (k === 'crawl-delay') return 'crawl-delay';
  return 'other';
}

/** Splits a line into key and value: `key: value`, or Google's `key value` without a colon. */
function splitLine(line: string): [string, string] | null {
  const colon = line.indexOf(':');
  if (colon !== -1) return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  const parts = line.trim().split(/[ \t]+/);
  return parts.length === 2 ? [parts[0] as string, parts[1] as string] : null;
}

/** Parses robots.txt text fetched from `robotsUrl`. */
export function parseRobotsTxt(text: string, robotsUrl: string): RobotsTxt {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let inAgents = false;
  // A byte order mark, whole or broken (decoded as U+FFFD), is skipped like Google does.
  const body = text.replace(/^[\uFEFF\uFFFD]+/, '');
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const hash = raw.indexOf('#');
    const line = (hash === -1 ? raw : raw.slice(0, hash)).slice(0, MAX_LINE).trim();
    if (!line) continue;
    const kv = splitLine(line);
    if (!kv) continue;
    const [name, value] = kv;
    const key = keyOf(name);
    if (key === 'sitemap') {
      try {
        sitemaps.push(new URL(value, robotsUrl).href);
      } catch {
        // An unusable Sitemap line is skipped like any other unparseable line.
      }
      continue;
    }
    if (key === 'agent') {
      if (!current || !inAgents) {
        current = { agents: [], rules: [], crawlDelay: undefined };
        groups.push(current);
      }
      inAgents = true;
      const token = agentToken(value);
      if (token) current.agents.push(token);
      continue;
    }
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      inAgents = false;
      // An empty pattern matches nothing (Google gives it priority 0).
      if (value) current.rules.push({ allow: key === 'allow', pattern: normalizeEncoding(value) });
      // Google: an allowed `/dir/index.html` also allows `/dir/`.
      if (key === 'allow') {
        const slash = value.lastIndexOf('/');
        if (slash !== -1 && value.slice(slash).startsWith('/index.htm'))
          current.rules.push({
            allow: true,
            pattern: `${normalizeEncoding(value.slice(0, slash + 1))}$`,
          });
      }
      continue;
    }
    if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return matcherOver(groups, sitemaps);
}

function matcherOver(groups: Group[], sitemaps: string[]): RobotsTxt {
  const applying = new Map<string, Group[]>();
  // A crawl asks with one agent for every URL: its groups are kept beside the map.
  let lastAgent: string | null = null;
  let lastGroups: Group[] = [];
  const groupsFor = (agent: string): Group[] => {
    if (agent === lastAgent) return lastGroups;
    const token = agent.toLowerCase();
    let found = applying.get(token);
    if (!found) {
      const specific = groups.filter((g) => g.agents.includes(token));
      found = specific.length ? specific : groups.filter((g) => g.agents.includes('*'));
      applying.set(token, found);
    }
    lastAgent = agent;
    lastGroups = found;
    return found;
  };
  return {
    sitemaps,
    isAllowed(url, agent) {
      const path = normalizeEncoding(pathOf(url));
      // RFC 9309 §2.2.2: /robots.txt is implicitly allowed.
      if (path === '/robots.txt') return true;
      let allow = -1;
      let disallow = -1;
      for (const g of groupsFor(agent))
        for (const r of g.rules) {
          const len = r.pattern.length;
          if (len <= (r.allow ? allow : disallow)) continue;
          if (!patternMatches(path, r.pattern)) continue;
          if (r.allow) allow = len;
          else disallow = len;
        }
      return disallow <= allow;
    },
    crawlDelay(agent) {
      for (const g of groupsFor(agent)) if (g.crawlDelay !== undefined) return g.crawlDelay;
      return undefined;
    },
  };
}
