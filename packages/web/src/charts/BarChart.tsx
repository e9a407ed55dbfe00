import { type ChartBar, type ChartPick, isPicked, shareText } from './chart-bars';
import { NumbersTable } from './NumbersTable';

/** How a chart is drawn: buttons that filter the URL table, or static (print, no script). */
export type ChartMode = 'interactive' | 'static';

/** What every chart of `SiteCharts` is given. */
export interface ChartProps {
  mode: ChartMode;
  /** The table's filter now: its bar shows pressed. */
  active: ChartPick;
  /** Filters the URL table to a bar's URLs (interactive mode). */
  onPick?: ((pick: ChartPick) => void) | undefined;
}

/**
 * A bar of `max`'s width scale, drawn as SVG: a track and a bar, hidden from screen readers
 * (the words and the figure beside it, and the table behind the chart, say the same).
 */
export function Bar(props: { count: number; max: number; tone: string }) {
  const width = props.max > 0 ? Math.max((props.count / props.max) * 100, props.count ? 1 : 0) : 0;
  return (
    <svg
      className="chart-track"
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="chart-rail" x="0" y="0" width="100" height="10" rx="2" />
      <rect
        className={`chart-fill tone-${props.tone}`}
        x="0"
        y="0"
        width={width}
        height="10"
        rx="2"
      />
    </svg>
  );
}

/**
 * One chart of horizontal bars: each bar a button that lists its URLs in the table below
 * (keyboard operable as any button), its numbers as a table behind it.
 */
export function BarChart(
  props: ChartProps & {
    id: string;
    title: string;
    /** The header of the table's first column ("Status", "Depth"). */
    what: string;
    bars: ChartBar[];
    total: number;
  },
) {
  const { bars, total, mode } = props;
  const max = bars.reduce((most, b) => Math.max(most, b.count), 0);
  return (
    <figure className="chart" aria-labelledby={`${props.id}-title`} data-chart={props.id}>
      <figcaption id={`${props.id}-title`} className="chart-title">
        {props.title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="muted chart-empty">No URLs to count.</p>
      ) : (
        <ul className="chart-bars">
          {bars.map((bar) => {
            const inner = (
              <>
                <span className="chart-label">{bar.label}</span>
                <Bar count={bar.count} max={max} tone={bar.tone} />
                <span className="chart-count">
                  {bar.count.toLocaleString('en-US')}
                  <span className="visually-hidden"> URLs</span>
                </span>
              </>
            );
            return (
              <li key={bar.key}>
                {mode === 'interactive' && props.onPick ? (
                  <button
                    type="button"
                    className="chart-bar"
                    aria-pressed={isPicked(props.active, bar.pick)}
                    onClick={() => props.onPick?.(bar.pick)}
                  >
                    {inner}
                  </button>
                ) : (
                  <span className="chart-bar">{inner}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <NumbersTable
        title={props.title}
        open={mode === 'static'}
        head={[props.what, 'URLs', 'Share']}
        rows={bars.map((b) => ({
          key: b.key,
          cells: [b.label, b.count.toLocaleString('en-US'), shareText(b.count, total)],
        }))}
      />
    </figure>
  );
}
