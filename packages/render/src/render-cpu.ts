/**
 * The CPU bound of a render. The wall-clock bound alone lets a page that spins hold a core for
 * the whole of it (and longer on a loaded machine, where the wall clock is not the page's
 * fault); this one reads the page's renderer main-thread CPU time (CDP `Performance` metrics
 * in thread ticks, answered even while a script spins) and stops the page's script
 * (`Runtime.terminateExecution`) once the render has used its budget.
 */
import type { CDPSession } from 'puppeteer-core';

/** How often the page's CPU time is read. */
const POLL_MS = 200;

/** Sessions whose Performance domain counts thread CPU time already. */
const enabled = new WeakSet<CDPSession>();

/** The render's CPU use beyond its budget. */
export class CpuBudgetExceeded extends Error {
  constructor(budgetMs: number) {
    super(`the page used more than ${budgetMs / 1000} s of CPU time`);
    this.name = 'CpuBudgetExceeded';
  }
}

/** Seconds of main-thread CPU the page's renderer has used so far (`TaskDuration`). */
async function cpuSeconds(cdp: CDPSession): Promise<number> {
  if (!enabled.has(cdp)) {
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    enabled.add(cdp);
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}

/** A running CPU watch: `exceeded` rejects when the budget is spent; `stop` ends the watch. */
export interface CpuWatch {
  exceeded: Promise<never>;
  stop(): void;
}

/**
 * Watches the page behind `cdp` from now on: when it has used more than `budgetMs` of CPU, its
 * script is terminated and `exceeded` rejects with `CpuBudgetExceeded`. A session that cannot
 * answer (the tab closed) ends the watch quietly: the render's other bounds still hold.
 */
export async function watchRenderCpu(cdp: CDPSession, budgetMs: number): Promise<CpuWatch> {
  const start = await cpuSeconds(cdp);
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  const exceeded = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (reading) return;
      reading = true;
      cpuSeconds(cdp)
        .then(async (now) => {
          if ((now - start) * 1000 <= budgetMs) return;
          clearInterval(timer);
          await cdp.send('Runtime.terminateExecution').catch(() => {});
          reject(new CpuBudgetExceeded(budgetMs));
        })
        .catch(() => clearInterval(timer))
        .finally(() => {
          reading = false;
        });
    }, POLL_MS);
  });
  exceeded.catch(() => {});
  return { exceeded, stop: () => clearInterval(timer) };
}
