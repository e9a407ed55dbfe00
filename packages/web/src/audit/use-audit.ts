import type { AuditJob, AuditResult, AuditVerdict } from '@mapsmith/core/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

/** How often a running audit is polled. */
const POLL_MS = 1000;
/** Rows per page of the audit table. */
export const AUDIT_ROWS = 50;

/** What the checker hands the audit: the sitemap's URL, or the uploaded file. */
export type AuditSource = { url: string } | { file: File; content: () => Promise<string> };

/** An audit started from the checker: its job, polled while it runs, and its table. */
export interface AuditState {
  job: AuditJob | null;
  error: string | null;
  starting: boolean;
  rows: AuditResult[];
  total: number;
  nextCursor: number | null;
  verdict: AuditVerdict | undefined;
  start(): Promise<void>;
  /** Stops the running audit (issue 30); the URLs checked so far keep their verdicts. */
  stop(): Promise<void>;
  stopping: boolean;
  filter(verdict: AuditVerdict | undefined): void;
  more(): Promise<void>;
}

/** Starts and follows one audit of `source`. */
export function useAudit(source: AuditSource): AuditState {
  const api = useApi();
  const [job, setJob] = useState<AuditJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [rows, setRows] = useState<AuditResult[]>([]);
  const [total, setTotal] = useState(0);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [verdict, setVerdict] = useState<AuditVerdict | undefined>(undefined);
  const jobId = job?.id;
  const running = job !== null && (job.status === 'pending' || job.status === 'running');
  const checked = job?.checked ?? 0;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const input =
        'url' in source
          ? { url: source.url }
          : { content: await source.content(), fileName: source.file.name };
      const { jobId: id } = await api.call('audit.start', input);
      setJob(await api.call('audit.get', { jobId: id }));
    } catch (err) {
      setError(errorText(err, 'Unable to start the audit. Please try again.'));
    } finally {
      setStarting(false);
    }
  };

  const stop = async () => {
    if (!jobId) return;
    setStopping(true);
    setError(null);
    try {
      const stopped = await api.call('audit.stop', { jobId });
      if (alive.current) setJob(stopped);
    } catch (err) {
      setError(errorText(err, 'Unable to stop the audit. Please try again.'));
    } finally {
      setStopping(false);
    }
  };

  useEffect(() => {
    if (!jobId || !running) return;
    const timer = setInterval(() => {
      api.call('audit.get', { jobId }).then(
        (next) => alive.current && setJob(next),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [api, jobId, running]);

  const load = useCallback(
    async (cursor?: number) => {
      if (!jobId) return;
      const page = await api.call('audit.urls', {
        jobId,
        limit: AUDIT_ROWS,
        ...(verdict ? { verdict } : {}),
        ...(cursor !== undefined ? { cursor } : {}),
      });
      if (!alive.current) return;
      setRows((old) => (cursor === undefined ? page.rows : [...old, ...page.rows]));
      setTotal(page.total);
      setNextCursor(page.nextCursor);
    },
    [api, jobId, verdict],
  );

  // The first page follows the checks while they run (a few at a time), then stays put.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `checked` is the trigger to reload.
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load, checked]);

  return {
    job,
    error,
    starting,
    rows,
    total,
    nextCursor,
    verdict,
    start,
    stop,
    stopping,
    filter: setVerdict,
    more: async () => {
      if (nextCursor !== null) await load(nextCursor);
    },
  };
}
