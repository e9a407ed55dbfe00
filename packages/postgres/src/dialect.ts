/**
 * Postgres' fragments of the SQL the repositories share with SQLite (core's `SqlDialect`):
 * JSON columns are TEXT in both schemas and read here as jsonb.
 */
import type { SqlDialect } from '@mapsmith/core';

type JsonPath = readonly (string | number)[];

/** `{a,b,0}`: Postgres' text-array path of a key list. */
function postgresPath(path: JsonPath): string {
  return `'{${path.join(',')}}'`;
}

/** Postgres (13 or later): JSON columns are TEXT, read as jsonb. */
export const postgresDialect: SqlDialect = {
  name: 'postgres',
  jsonText: (column, path) => `((${column})::jsonb #>> ${postgresPath(path)})`,
  jsonNumber: (column, path) => `((${column})::jsonb #>> ${postgresPath(path)})::double precision`,
  jsonFlag: (column, path) =>
    `(CASE ((${column})::jsonb #>> ${postgresPath(path)}) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`,
  jsonArrayLength: (column, path) =>
    `COALESCE(jsonb_array_length((${column})::jsonb #> ${postgresPath(path)}), 0)`,
  // A NULL value sets JSON null, as SQLite's json_set does (jsonb_set would return NULL).
  jsonSetText: (column, key, value) =>
    `jsonb_set((${column})::jsonb, '{${key}}', COALESCE(to_jsonb((${value})::text), 'null'::jsonb))::text`,
  jsonGroupArray: (expr, orderBy) => `COALESCE(json_agg(${expr} ORDER BY ${orderBy}), '[]')::text`,
  stringAgg: (expr, separator, orderBy) => `string_agg(${expr}, ${separator} ORDER BY ${orderBy})`,
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  least: (a, b) => `LEAST(${a}, ${b})`,
  likeNoCase: (expr, pattern) => `${expr} ILIKE ${pattern} ESCAPE '\\'`,
  utf8Bytes: (expr) => `convert_to(${expr}, 'UTF8')`,
  jsonArrayRows: (json, alias) => `jsonb_array_elements((${json})::jsonb) AS ${alias}(value)`,
  jsonRowText: (alias, index) => `(${alias}.value ->> ${index})`,
};
