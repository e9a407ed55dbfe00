/**
 * The repositories write `?` placeholders (the common subset with SQLite); Postgres wants
 * `$1..$n`. The scan skips string literals ('..', E'..'), quoted identifiers ("..") and
 * dollar-quoted bodies ($tag$..$tag$), and comments (`--`, nested `/* *\/`), so a `?` inside
 * them stays. Postgres' jsonb `?`, `?|`, `?&` operators are therefore not usable in shared SQL
 * (use `jsonb_exists` if ever needed).
 */

const cache = new Map<string, string>();
const CACHE_LIMIT = 2000;

/** `sql` with each `?` outside literals, identifiers and comments numbered `$1..$n` (cached). */
export function toPostgresPlaceholders(sql: string): string {
  const hit = cache.get(sql);
  if (hit !== undefined) return hit;
  const out = convert(sql);
  // SQL texts are a finite set written in code; the bound only guards against generated ones.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(sql, out);
  return out;
}

function convert(sql: string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === '?') {
      n += 1;
      out += `$${n}`;
      i += 1;
    } else if (c === "'") {
      const escaped = i > 0 && /[eE]/.test(sql[i - 1] as string) && !/\w/.test(sql[i - 2] ?? ' ');
      const end = endOfQuoted(sql, i, "'", escaped);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '"') {
      const end = endOfQuoted(sql, i, '"', false);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      const end = nl === -1 ? sql.length : nl;
      out += sql.slice(i, end);
      i = end;
    } else if (c === '/' && next === '*') {
      const end = endOfBlockComment(sql, i);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '$' && !/[\w$]/.test(sql[i - 1] ?? ' ')) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        const end = close === -1 ? sql.length : close + tag.length;
        out += sql.slice(i, end);
        i = end;
      } else {
        out += c;
        i += 1;
      }
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** The index just past the quoted run starting at `start` (a doubled quote stays inside). */
function endOfQuoted(sql: string, start: number, quote: string, backslashes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashes && c === '\\') i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i += 1;
  }
  return sql.length;
}

/** The index just past a block comment starting at `start`; Postgres nests them. */
function endOfBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return sql.length;
}
