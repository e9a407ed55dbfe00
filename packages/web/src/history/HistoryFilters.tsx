import { type FormEvent, useEffect, useState } from 'react';
import type { HistorySearch } from './history-search';

/** The sort choices in words: column and direction together. */
const SORT_CHOICES = [
  ['date:desc', 'Newest first'],
  ['date:asc', 'Oldest first'],
  ['pages:desc', 'Most pages'],
  ['pages:asc', 'Fewest pages'],
  ['score:desc', 'Best SEO score'],
  ['score:asc', 'Worst SEO score'],
] as const;

/**
 * The history's filter bar: search by site, status and sort, each a labelled control. A new
 * search, filter or sort starts again at page 1; each goes into the address.
 */
export function HistoryFilters(props: {
  search: HistorySearch;
  onChange(next: HistorySearch): void;
}) {
  const { search, onChange } = props;
  const [q, setQ] = useState(search.q ?? '');
  useEffect(() => setQ(search.q ?? ''), [search.q]);
  const base = { ...search, page: undefined };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...base, q: q.trim() || undefined });
  };
  const sort = `${search.sort ?? 'date'}:${search.dir ?? 'desc'}`;
  return (
    <form className="report-filters history-filters" onSubmit={submit} aria-label="Find a crawl">
      <div className="filter-field filter-search">
        <label htmlFor="history-q">Search by site</label>
        <div className="filter-search-row">
          <input
            id="history-q"
            type="search"
            value={q}
            maxLength={200}
            placeholder="example.com"
            onChange={(e) => setQ(e.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </div>
      <div className="filter-field">
        <label htmlFor="history-status">Status</label>
        <select
          id="history-status"
          value={search.status ?? ''}
          onChange={(e) =>
            onChange({ ...base, status: (e.target.value || undefined) as HistorySearch['status'] })
          }
        >
          <option value="">Any status</option>
          <option value="completed">Completed</option>
          <option value="failed">Failed</option>
          <option value="crawling">In progress</option>
          <option value="pending">Pending</option>
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor="history-sort">Sort by</label>
        <select
          id="history-sort"
          value={sort}
          onChange={(e) => {
            const [column, dir] = e.target.value.split(':') as [
              NonNullable<HistorySearch['sort']>,
              'asc' | 'desc',
            ];
            onChange({ ...base, sort: column, dir });
          }}
        >
          {SORT_CHOICES.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
