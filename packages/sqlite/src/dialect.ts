/**
 * SQLite's fragments of the SQL the repositories share with Postgres (core's `SqlDialect`):
 * the JSON1 functions, two-argument MAX/MIN, LIKE. This package is a leaf, so the shape is
 * checked where the server and the desktop hand a `Database` to code typed with core's port.
 */

type JsonPath = readonly (string | number)[];

/** `$.a.b[0]`: SQLite's JSON path of a key list. */
function jsonPath(path: JsonPath): string {
  return `'$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}'`;
}

/** SQLite 3.44 or later (aggregate ORDER BY), as the `sqlite3` package bundles. */
export const sqliteDialect = {
  name: 'sqlite' as const,
  jsonText: (column: string, path: JsonPath) => `json_extract(${column}, ${jsonPath(path)})`,
  jsonNumber: (column: string, path: JsonPath) => `json_extract(${column}, ${jsonPath(path)})`,
  jsonFlag: (column: string, path: JsonPath) => `json_extract(${column}, ${jsonPath(path)})`,
  jsonArrayLength: (column: string, path: JsonPath) =>
    `COALESCE(json_array_length(${column}, ${jsonPath(path)}), 0)`,
  jsonSetText: (column: string, key: string, value: string) =>
    `json_set(${column}, '$.${key}', ${value})`,
  jsonGroupArray: (expr: string, orderBy: string) =>
    `json_group_array(${expr} ORDER BY ${orderBy})`,
  stringAgg: (expr: string, separator: string, orderBy: string) =>
    `group_concat(${expr}, ${separator} ORDER BY ${orderBy})`,
  greatest: (a: string, b: string) => `MAX(${a}, ${b})`,
  least: (a: string, b: string) => `MIN(${a}, ${b})`,
  likeNoCase: (expr: string, pattern: string) => `${expr} LIKE ${pattern} ESCAPE '\\'`,
  utf8Bytes: (expr: string) => `CAST(${expr} AS BLOB)`,
  jsonArrayRows: (json: string, alias: string) => `json_each(${json}) AS ${alias}`,
  jsonRowText: (alias: string, index: number) => `(${alias}.value ->> ${index})`,
};
