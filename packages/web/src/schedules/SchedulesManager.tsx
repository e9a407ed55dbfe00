import type { Schedule, ScheduleCreateInput } from '@mapsmith/core/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import { ScheduleForm } from './ScheduleForm';
import { type ScheduleActions, ScheduleItem } from './ScheduleItem';

/**
 * The Pro user's schedules: the list with each one's buttons, and the form to create one or
 * edit the chosen one. Every change is one API call, then the list is read again.
 */
export function SchedulesManager() {
  const api = useApi();
  const [list, setList] = useState<Schedule[] | null>(null);
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [listError, setListError] = useState<string | null>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);

  const reload = useCallback(async () => {
    try {
      setList(await api.call('schedules.list', {}));
      setListError(null);
    } catch (err) {
      setList([]);
      setListError(errorText(err, 'Your schedules could not be read. Please try again.'));
    }
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setListError(null);
    try {
      await work();
      await reload();
    } catch (err) {
      setListError(errorText(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  /** Saves the form's schedule; answers the refusal (the form shows it), or null. */
  const submit = async (input: ScheduleCreateInput): Promise<unknown> => {
    setBusy(true);
    try {
      if (editing) await api.call('schedules.update', { ...input, id: editing.id });
      else await api.call('schedules.create', input);
      setEditing(null);
      setFormKey((k) => k + 1);
      await reload();
      return null;
    } catch (err) {
      return err;
    } finally {
      setBusy(false);
    }
  };

  const cancelEdit = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  const actions: ScheduleActions = {
    edit: (s) => {
      setEditing(s);
      setFormKey((k) => k + 1);
      formTitle.current?.scrollIntoView({ block: 'start' });
      formTitle.current?.focus();
    },
    pause: (s, paused) => void act(() => api.call('schedules.pause', { id: s.id, paused })),
    remove: (s) => void act(() => api.call('schedules.delete', { id: s.id })),
    rotate: (s) => {
      if (
        !window.confirm(
          'Give this schedule a new sitemap URL? The current one stops working at once.',
        )
      )
        return;
      void act(() => api.call('schedules.rotateToken', { id: s.id }));
    },
  };

  return (
    <>
      <section className="card" aria-labelledby="schedule-list-title">
        <h2 id="schedule-list-title" className="card-title">
          Your schedules
        </h2>
        {listError && (
          <p className="field-error" role="alert">
            {listError}
          </p>
        )}
        {list === null && <p role="status">Reading your schedules...</p>}
        {list?.length === 0 && !listError && (
          <p className="muted">No schedule yet. Create the first one below.</p>
        )}
        {list && list.length > 0 && (
          <ul className="schedule-list">
            {list.map((s) => (
              <ScheduleItem key={s.id} schedule={s} busy={busy} actions={actions} />
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="schedule-form-title">
        <h2 id="schedule-form-title" className="card-title" tabIndex={-1} ref={formTitle}>
          {editing ? `Edit the schedule of ${editing.url}` : 'New schedule'}
        </h2>
        <ScheduleForm
          key={formKey}
          schedule={editing}
          busy={busy}
          onSubmit={submit}
          onCancel={editing ? cancelEdit : undefined}
        />
      </section>
    </>
  );
}
