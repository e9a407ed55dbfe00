/** Reads an optional `token` from the search params (reset and confirm links). */
export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = search.token;
  return typeof token === 'string' && token !== '' ? { token } : {};
}

/** Reads an optional crawl job id `job` from the search params (the home page's crawl). */
export function jobSearch(search: Record<string, unknown>): { job?: string } {
  const job = search.job;
  return typeof job === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(job) ? { job } : {};
}
