import { type ReportCount, scopeCounts } from '@mapsmith/core/browser';
import type { ScopeTab } from './report-search';

const TABS: ReadonlyArray<{ tab: ScopeTab; label: string }> = [
  { tab: 'internal', label: 'Internal' },
  { tab: 'external', label: 'External' },
  { tab: 'all', label: 'All' },
];

/**
 * The URL table's tabs, as Screaming Frog's Internal and External: the site's own URLs (the
 * table opens on them), the URLs outside the site, or both, each with how many there are.
 */
export function ScopeTabs(props: {
  counts: ReportCount[];
  total: number;
  active: ScopeTab;
  onPick(tab: ScopeTab): void;
}) {
  const { internal, external } = scopeCounts(props.counts);
  const count: Record<ScopeTab, number> = { internal, external, all: props.total };
  return (
    <fieldset className="scope-tabs">
      <legend className="visually-hidden">Which URLs the table shows</legend>
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          className="scope-tab"
          data-scope={tab}
          aria-pressed={props.active === tab}
          onClick={() => props.onPick(tab)}
        >
          {label} <span className="scope-count">{count[tab].toLocaleString('en-US')}</span>
        </button>
      ))}
    </fieldset>
  );
}
