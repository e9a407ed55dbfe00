/** Reads an optional `token` from the search params (reset and confirm links). */
export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = search.token;
  return typeof token === 'string' && token !== '' ? { token } : {};
}
