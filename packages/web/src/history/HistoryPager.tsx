/** Previous and next page of the history, and where the reader is: "Page 2 of 3". */
export function HistoryPager(props: { page: number; pages: number; onPage(page: number): void }) {
  const { page, pages } = props;
  if (pages <= 1) return null;
  return (
    <nav className="history-pager" aria-label="Pages of crawls">
      <button
        type="button"
        className="button small"
        disabled={page <= 1}
        onClick={() => props.onPage(page - 1)}
      >
        Previous page
      </button>
      <span data-testid="history-page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button small"
        disabled={page >= pages}
        onClick={() => props.onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
