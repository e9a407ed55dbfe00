import { type FolderNode, type FolderRest, plural } from '@mapsmith/core/browser';
import { useState } from 'react';
import { Bar, type ChartProps } from './BarChart';
import { isPicked, shareText } from './chart-bars';
import { type NumbersRow, NumbersTable } from './NumbersTable';

const TITLE = 'Site structure by folder';

function issuesText(n: number): string {
  return n === 0 ? '' : `${n.toLocaleString('en-US')} broken`;
}

function restText(rest: FolderRest): string {
  return `${plural(rest.folders, 'smaller folder')}`;
}

/** One folder: a toggle for its subfolders, and a button listing its URLs in the table. */
function FolderItem(props: ChartProps & { node: FolderNode; max: number; level: number }) {
  const { node, mode } = props;
  const [open, setOpen] = useState(props.level === 0);
  const expanded = mode === 'static' || open;
  const hasBelow = node.children.length > 0 || node.other !== null;
  const inner = (
    <>
      <span className="chart-label">
        {/* A host reads without its scheme: the address is in the numbers table. */}
        {props.level === 0 ? node.name.replace(/^https?:\/\//, '') : node.name}
        {node.issues > 0 && <span className="chart-issues">{issuesText(node.issues)}</span>}
      </span>
      <Bar count={node.urls} max={props.max} tone="info" />
      <span className="chart-count">
        {node.urls.toLocaleString('en-US')}
        <span className="visually-hidden"> URLs</span>
      </span>
    </>
  );
  const interactive = mode === 'interactive' && props.onPick;
  return (
    <li className={`folder-level-${props.level}`}>
      <div className="folder-row">
        {interactive && hasBelow ? (
          <button
            type="button"
            className="folder-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the folders in ${node.name}`}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="folder-toggle" aria-hidden="true" />
        )}
        {interactive ? (
          <button
            type="button"
            className="chart-bar"
            aria-pressed={isPicked(props.active, { under: node.prefix })}
            onClick={() => props.onPick?.({ under: node.prefix })}
          >
            {inner}
          </button>
        ) : (
          <span className="chart-bar">{inner}</span>
        )}
      </div>
      {hasBelow && expanded && (
        <ul className="folder-list">
          {node.children.map((child) => (
            <FolderItem
              key={child.prefix}
              {...props}
              node={child}
              max={props.max}
              level={props.level + 1}
            />
          ))}
          {node.other && (
            <li className="folder-other muted">
              {restText(node.other)}: {plural(node.other.urls, 'URL')}
              {node.other.issues > 0 && ` · ${issuesText(node.other.issues)}`}
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** The tree's rows for the numbers table, depth first, the left-out folders summed. */
function numbersRows(nodes: FolderNode[], total: number, level = 0): NumbersRow[] {
  const rows: NumbersRow[] = [];
  for (const node of nodes) {
    rows.push({
      key: node.prefix,
      level,
      cells: [
        level === 0 ? node.prefix : node.name,
        node.urls.toLocaleString('en-US'),
        node.issues.toLocaleString('en-US'),
        shareText(node.urls, total),
      ],
    });
    for (const row of numbersRows(node.children, total, level + 1)) rows.push(row);
    if (node.other)
      rows.push({
        key: `${node.prefix} other`,
        level: level + 1,
        cells: [
          restText(node.other),
          node.other.urls.toLocaleString('en-US'),
          node.other.issues.toLocaleString('en-US'),
          shareText(node.other.urls, total),
        ],
      });
  }
  return rows;
}

/**
 * The site's structure as a collapsible tree of folders (each host, then up to three folder
 * levels), each with its URLs and how many are broken, bars on one scale (the largest host).
 */
export function FolderChart(
  props: ChartProps & { folders: FolderNode[]; otherHosts: FolderRest | null; total: number },
) {
  const max = props.folders.reduce((most, f) => Math.max(most, f.urls), 0);
  return (
    <figure className="chart chart-wide" aria-labelledby="folders-title" data-chart="folders">
      <figcaption id="folders-title" className="chart-title">
        {TITLE}
      </figcaption>
      {props.folders.length === 0 ? (
        <p className="muted chart-empty">No URLs to count.</p>
      ) : (
        <ul className="folder-list folder-root">
          {props.folders.map((node) => (
            <FolderItem key={node.prefix} {...props} node={node} max={max} level={0} />
          ))}
          {props.otherHosts && (
            <li className="folder-other muted">
              {plural(props.otherHosts.folders, 'more host')}:{' '}
              {plural(props.otherHosts.urls, 'URL')}
            </li>
          )}
        </ul>
      )}
      <NumbersTable
        title={TITLE}
        open={props.mode === 'static'}
        head={['Folder', 'URLs', 'Broken', 'Share']}
        rows={numbersRows(props.folders, props.total)}
      />
    </figure>
  );
}
