/** One row of a chart's numbers: its first cell is the row's header. */
export interface NumbersRow {
  key: string;
  cells: string[];
  /** Indentation of the first cell (the folder tree's levels). */
  level?: number;
}

/**
 * A chart's numbers as a table behind it, in a `<details>` a screen reader and a keyboard can
 * open (open already when printed or drawn without script).
 */
export function NumbersTable(props: {
  title: string;
  head: string[];
  rows: NumbersRow[];
  open: boolean;
}) {
  return (
    <details className="chart-numbers" open={props.open}>
      <summary>
        Numbers<span className="visually-hidden"> of {props.title}</span>
      </summary>
      <table>
        <caption className="visually-hidden">{props.title}</caption>
        <thead>
          <tr>
            {props.head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={row.level ? `level-${row.level}` : undefined}>
                {row.cells[0]}
              </th>
              {row.cells.slice(1).map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                <td key={i} className="num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
