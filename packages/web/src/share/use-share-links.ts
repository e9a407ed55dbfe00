import type { CreatedShareLink, ShareLinkInfo } from '@mapsmith/core/browser';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The share links of one crawl: listed as the panel opens, made with an optional expiry in
 * days (the new link's token is kept here, the one time it is known), revoked.
 */
export function useShareLinks(jobId: string) {
  const api = useApi();
  const [links, setLinks] = useState<ShareLinkInfo[] | null>(null);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(
    () =>
      api.call('share.list', { jobId }).then(setLinks, (err) => {
        setLinks([]);
        setError(errorText(err, 'The share links could not be read.'));
      }),
    [api, jobId],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const create = async (days: number | null) => {
    setBusy(true);
    setError(null);
    try {
      const expiresAt = days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString();
      setCreated(await api.call('share.create', { jobId, expiresAt }));
      await reload();
    } catch (err) {
      setError(errorText(err, 'The share link could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: number) => {
    setError(null);
    try {
      const revoked = await api.call('share.revoke', { id });
      if (created?.id === id) setCreated(null);
      setLinks((list) => list?.map((l) => (l.id === id ? revoked : l)) ?? null);
    } catch (err) {
      setError(errorText(err, 'The share link could not be revoked. Please try again.'));
    }
  };

  return { links, created, error, setError, busy, create, revoke };
}
