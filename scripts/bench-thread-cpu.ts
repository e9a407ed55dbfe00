// The CPU time of one process's main thread, for `bench:crawl` (issue 28 point 3): the process
// is watched from outside through /proc (the main thread's task has the process's own id), since
// the process's own CPU time counts its worker threads too.
import fs from 'node:fs';

/** Seconds per clock tick of /proc's CPU times (CLK_TCK, 100 on Linux). */
const TICK = 0.01;

function mainThreadSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, may hold spaces): utime is 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK;
  } catch {
    return null;
  }
}

function childOf(pid: number): number | null {
  try {
    const first = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0];
    return first ? Number(first) : null;
  } catch {
    return null;
  }
}

/**
 * Watches the main thread of `parent`'s child (the command `/usr/bin/time` runs) every 10 ms;
 * `stop` answers its last CPU seconds (at most one interval short of the end).
 */
export function watchMainThread(parent: number): { stop: () => number } {
  let pid: number | null = null;
  let last = 0;
  const timer = setInterval(() => {
    pid ??= childOf(parent);
    const seconds = pid === null ? null : mainThreadSeconds(pid);
    if (seconds !== null) last = seconds;
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return last;
    },
  };
}
