import { changeSummaryWords, type Schedule } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useApi } from '../app/use-api';
import { cadenceWords, STATE_WORDS } from './schedule-words';

/** Schedules shown on the dashboard before "Manage schedules". */
const SHOWN = 3;

/**
 * The dashboard's Scheduled Crawls section (issue 13): a Pro user's first schedules with their
 * state and last changes, and the way to the schedules page; a free user sees what Pro offers.
 */
export function SchedulesCard(props: { isPro: boolean }) {
  const api = useApi();
  const [list, setList] = useState<Schedule[] | null>(null);
  useEffect(() => {
    if (!props.isPro) return;
    let live = true;
    api.call('schedules.list', {}).then(
      (l) => live && setList(l),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [api, props.isPro]);
  return (
    <section className="card" aria-labelledby="schedules-title" data-testid="schedules-card">
      <h2 id="schedules-title" className="card-title">
        Scheduled Crawls {!props.isPro && <span className="badge badge-pro">Pro</span>}
      </h2>
      {!props.isPro ? (
        <p className="small">
          Crawl your sites daily, weekly or monthly and see what changed.{' '}
          <Link to="/subscribe">Upgrade to Pro</Link>
        </p>
      ) : (
        <>
          {list === null && <p role="status">Reading your schedules...</p>}
          {list?.length === 0 && <p className="muted small">No schedule yet.</p>}
          {list && list.length > 0 && (
            <ul className="schedule-list">
              {list.slice(0, SHOWN).map((s) => (
                <li key={s.id} className="small">
                  <strong>{new URL(s.url).host}</strong>{' '}
                  <span className="schedule-state" data-state={s.state}>
                    {STATE_WORDS[s.state]}
                  </span>
                  <br />
                  {cadenceWords(s)}
                  {s.lastChanges ? ` · last run: ${changeSummaryWords(s.lastChanges)}` : ''}
                </li>
              ))}
            </ul>
          )}
          <Link to="/schedules" className="button block">
            {list && list.length > 0 ? 'Manage schedules' : 'Create a schedule'}
          </Link>
        </>
      )}
    </section>
  );
}
