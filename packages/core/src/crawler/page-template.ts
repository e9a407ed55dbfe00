/**
 * A page's template, guessed cheaply from its URL: the first path segment and the number of
 * segments, other segments and numeric or hex ids left out: `/blog/2024/post` and
 * `/blog/2025/other` share one key. Sites route their templates this way, and the guess costs
 * nothing beyond the URL.
 */

const ID = /^(?:\d+|[0-9a-f]{8,}|[0-9a-f-]{36})$/i;

/** The template key of an absolute URL. */
export function pageTemplate(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '/';
  }
  const segments = path.split('/').filter(Boolean);
  const first = segments[0];
  if (first === undefined) return '/';
  const head = ID.test(first) ? '*' : first;
  return `/${[head, ...segments.slice(1).map(() => '*')].join('/')}`;
}
