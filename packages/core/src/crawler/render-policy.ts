/**
 * Smart rendering: decides per page whether its static HTML is enough. In `auto` mode a page is
 * rendered when it looks like an app shell (a framework root element, a noscript warning, a
 * script-only body, almost no links), and the first few ordinary pages are rendered as a sample:
 * if rendering finds links the static HTML lacks, every later page is rendered too.
 */
import type { PageFacts } from './extract/page-facts.js';
import type { RenderMode } from './types.js';

/** Why a page should be rendered, or null when its static HTML is enough. */
export function appShellReason(facts: PageFacts): string | null {
  const { shell, anchorCount } = facts;
  if (anchorCount >= 3) return null;
  const links = `${anchorCount} link${anchorCount === 1 ? '' : 's'}`;
  if (shell.rootId) return `app shell: #${shell.rootId} and ${links}`;
  if (shell.frameworkAttr) return `app shell: framework root and ${links}`;
  if (shell.noscriptJs) return `app shell: noscript warning and ${links}`;
  if (shell.scripts > 0 && shell.textLength < 200)
    return `app shell: script-only body and ${links}`;
  return null;
}

/** The render decision state of one crawl. */
export class RenderPolicy {
  private samplesLeft: number;
  private renderAll = false;

  /** `sampleSize` ordinary pages are rendered to check for script-added links. */
  constructor(
    private readonly mode: RenderMode,
    private readonly available: boolean,
    sampleSize: number,
  ) {
    this.samplesLeft = sampleSize;
  }

  /** The reason to render this page, or null. Sampling reasons start with "sample". */
  decide(facts: PageFacts): string | null {
    if (!this.available || this.mode === 'never') return null;
    if (this.mode === 'always') return 'render: always';
    const shell = appShellReason(facts);
    if (shell) return shell;
    if (this.renderAll) return 'sample showed links added by scripts';
    if (this.samplesLeft > 0) {
      this.samplesLeft--;
      return 'sample: checking for links added by scripts';
    }
    return null;
  }

  /** Reports a sample's outcome: rendering found `newLinks` links the static HTML lacked. */
  sampled(newLinks: number): void {
    if (newLinks > 0) this.renderAll = true;
  }

  /** Whether this crawl can render pages at all (a renderer and a mode other than never). */
  get renders(): boolean {
    return this.available && this.mode !== 'never';
  }

  /** Whether the crawl switched to rendering every page. */
  get renderingAll(): boolean {
    return this.renderAll;
  }
}
