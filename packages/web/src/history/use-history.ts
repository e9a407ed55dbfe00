import type { CrawlChanges, CrawlsListItem, CrawlsListPage } from '@mapsmith/core/browser';
import { ApiCallError } from '@mapsmith/core/browser';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import type { ComparedPair } from './ComparePanel';
import type { HistorySearch } from './history-search';

/**
 * The history page's state (issue 26): the page of crawls the address asks for, the crawls
 * picked for comparison and their change report, and the deletion asked for. `search` null:
 * nothing is read yet (the session is not known).
 */
export function useHistory(search: HistorySearch | null) {
  const api = useApi();
  const navigate = useNavigate();
  const [list, setList] = useState<CrawlsListPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [picked, setPicked] = useState<CrawlsListItem[]>([]);
  const [compared, setCompared] = useState<{ pair: ComparedPair; changes: CrawlChanges } | null>(
    null,
  );
  const [compareError, setCompareError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const key = search ? JSON.stringify(search) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `search`; `reload` asks again.
  useEffect(() => {
    if (!search) return;
    let live = true;
    setError(null);
    api.call('crawls.list', search).then(
      (page) => live && setList(page),
      (err: unknown) => {
        if (!live) return;
        // The last crawl of a later page was deleted: show the page before it.
        if (
          err instanceof ApiCallError &&
          err.body?.code === 'history.page-past-end' &&
          (search.page ?? 1) > 1
        ) {
          void navigate({
            to: '/crawls',
            search: { ...search, page: (search.page ?? 2) - 1 },
            replace: true,
          });
          return;
        }
        setList(null);
        setError(errorText(err, 'Your crawls could not be read. Try again in a moment.'));
      },
    );
    return () => {
      live = false;
    };
  }, [api, key, reload]);

  const pick = useCallback(
    (id: string, on: boolean) => {
      const item = list?.items.find((i) => i.id === id);
      setCompareError(null);
      setPicked((now) => {
        const rest = now.filter((i) => i.id !== id);
        // Picking a third crawl lets go of the oldest pick.
        return on && item ? [...rest.slice(-1), item] : rest;
      });
    },
    [list],
  );

  const compare = useCallback(() => {
    const [a, b] = picked;
    if (!a || !b) return;
    const [older, newer] = Date.parse(a.createdAt) <= Date.parse(b.createdAt) ? [a, b] : [b, a];
    setBusy(true);
    setCompareError(null);
    api
      .call('crawl.changes', { jobId: newer.id, against: older.id })
      .then(
        (changes) => setCompared({ pair: { newer, older }, changes }),
        (err: unknown) => setCompareError(errorText(err, 'The two crawls could not be compared.')),
      )
      .finally(() => setBusy(false));
  }, [api, picked]);

  const remove = useCallback(
    (item: CrawlsListItem) => {
      setBusy(true);
      api
        .call('crawl.delete', { jobId: item.id })
        .then(
          () => {
            setNotice(`Deleted the crawl of ${item.url} and its files.`);
            setPicked((now) => now.filter((i) => i.id !== item.id));
            setDeleting(null);
            setReload((n) => n + 1);
          },
          (err: unknown) => setNotice(errorText(err, 'The crawl could not be deleted.')),
        )
        .finally(() => setBusy(false));
    },
    [api],
  );

  return {
    list,
    error,
    notice,
    picked: picked.map((i) => i.id),
    compare,
    compared,
    compareError,
    closeComparison: () => setCompared(null),
    pick,
    deleting,
    askDelete: setDeleting,
    remove,
    busy,
  };
}
