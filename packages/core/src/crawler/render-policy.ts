/**
 * Smart rendering: decides per page whether its static HTML is enough. In `auto` mode an app
 * shell (a framework root, a noscript warning or a script-only body, and almost no links) is
 * always rendered. A hybrid page (a normal navigation and app signals) is decided per page
 * template: the first pages of a template showing the signals are rendered as a sample, and
 * the rest of that template is rendered only if a sample found links the static HTML lacks.
 * Pages without signals are never rendered, so a static site never starts a browser.
 */

import { agree, plural } from '../text/counts.js';
import type { PageFacts } from './extract/page-facts.js';
import { pageTemplate } from './page-template.js';
import type { RenderMode } from './types.js';

/** Why a page should be rendered as an app shell, or null. */
export function appShellReason(facts: PageFacts): string | null {
  const { shell, anchorCount } = facts;
  if (anchorCount >= 3) return null;
  const links = plural(anchorCount, 'link');
  if (shell.rootId) return `app shell: #${shell.rootId} and ${links}`;
  if (shell.frameworkAttr) return `app shell: framework root and ${links}`;
  if (shell.noscriptJs) return `app shell: noscript warning and ${links}`;
  if (shell.scripts > 0 && shell.textLength < 200)
    return `app shell: script-only body and ${links}`;
  return null;
}

/** The app signals a page shows, in words ("#root, noscript warning"); empty when none. */
export function appSignals(facts: PageFacts): string {
  const { shell } = facts;
  const signals: string[] = [];
  if (shell.rootId) signals.push(`#${shell.rootId}`);
  if (shell.frameworkAttr) signals.push('framework root');
  if (shell.noscriptJs) signals.push('noscript warning');
  if (shell.bundle) signals.push('script bundle');
  return signals.join(', ');
}

/** The decision for one page. */
export type RenderDecision =
  | { render: true; reason: string; sampleOf: string | null }
  | { render: false; skipped: string | null };

interface TemplateState {
  started: number;
  done: number;
  found: boolean;
  rendered: number;
  skipped: number;
  /** Pages waiting for a sample's outcome; woken on each one. */
  waiting: (() => void)[];
}

/** The render decision state of one crawl. */
export class RenderPolicy {
  private readonly templates = new Map<string, TemplateState>();

  /** `sampleSize` hybrid pages per template are rendered to check for script-added links. */
  constructor(
    private readonly mode: RenderMode,
    private readonly available: boolean,
    private readonly sampleSize: number,
  ) {}

  private template(key: string): TemplateState {
    let state = this.templates.get(key);
    if (!state) {
      state = { started: 0, done: 0, found: false, rendered: 0, skipped: 0, waiting: [] };
      this.templates.set(key, state);
    }
    return state;
  }

  /**
   * Whether to render the page at `url`. A hybrid page whose template is still being sampled
   * waits for the sample's outcome (or `signal`).
   */
  async decide(url: string, facts: PageFacts, signal?: AbortSignal): Promise<RenderDecision> {
    if (!this.available || this.mode === 'never') return { render: false, skipped: null };
    if (this.mode === 'always') return { render: true, reason: 'render: always', sampleOf: null };
    const shell = appShellReason(facts);
    if (shell) return { render: true, reason: shell, sampleOf: null };
    const signals = appSignals(facts);
    if (!signals) return { render: false, skipped: null };
    // Sampling off (the desktop without a browser): the page is named, not rendered.
    if (this.sampleSize === 0) return { render: false, skipped: `not rendered: shows ${signals}` };
    const key = pageTemplate(url);
    const state = this.template(key);
    if (!state.found && state.started < this.sampleSize) {
      state.started++;
      const reason = `sample: shows ${signals}; checking template ${key} for links added by scripts`;
      return { render: true, reason, sampleOf: key };
    }
    while (!state.found && state.done < state.started && !signal?.aborted)
      await Promise.race([new Promise<void>((r) => state.waiting.push(r)), abortion(signal)]);
    if (state.found) {
      state.rendered++;
      const reason = `shows ${signals}; a sample of template ${key} found links added by scripts`;
      return { render: true, reason, sampleOf: null };
    }
    state.skipped++;
    const sampled = plural(state.done, 'page');
    return {
      render: false,
      skipped: `not rendered: shows ${signals}, but rendering ${sampled} of template ${key} found no links added by scripts`,
    };
  }

  /** Whether this crawl can render pages at all (a renderer and a mode other than never). */
  get renders(): boolean {
    return this.available && this.mode !== 'never';
  }

  /** Reports a sample of `template`: rendering found `newLinks` links (null: it failed). */
  sampled(template: string, newLinks: number | null): void {
    const state = this.template(template);
    state.done++;
    if (newLinks !== null && newLinks > 0) state.found = true;
    for (const wake of state.waiting.splice(0)) wake();
  }

  /** What the crawl report says about hybrid templates, one line per template. */
  notes(): string[] {
    const notes: string[] = [];
    for (const [key, s] of this.templates) {
      const samples = plural(s.done, 'sample page');
      if (s.found)
        notes.push(
          `Template ${key}: ${samples} showed app signals and links added by scripts, so ${plural(s.rendered, 'more page was', 'more pages were')} rendered.`,
        );
      else if (s.done > 0)
        notes.push(
          `Template ${key}: ${samples} showed app signals but rendering found no links added by scripts; ${plural(s.skipped, 'more page')} with the signals ${agree(s.skipped, 'was', 'were')} not rendered.`,
        );
    }
    return notes;
  }
}

function abortion(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
