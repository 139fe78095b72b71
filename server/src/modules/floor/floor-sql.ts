import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A timestamp as text, the way the wire writes it elsewhere (Date.toISOString()). */
export const isoTime = (column: SQLWrapper): SQL<string> =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A timestamp as milliseconds since the epoch, cut like a JavaScript Date. In floating point
 * (quicker than numeric): rounded to whole microseconds first, which a double holds exactly.
 */
export const epochMs = (column: SQLWrapper): SQL =>
  sql`floor(round(date_part('epoch', ${column}) * 1e6) / 1000)::bigint`;

/**
 * A list in columns: one JSON object `{name: [value of each row], …}` as text. `json_agg` over one
 * column looks up its type once, where `json_build_object` per row looks up every argument's
 * type on every row (several times slower on 50,000 rows); the arrays of one query level are fed
 * the rows in the same order, so the i-th values belong to one row. `from` starts with FROM.
 */
export function columns(members: Record<string, SQL>, from: SQL): SQL {
  const parts = Object.entries(members).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, json_agg(${value})`);
  return sql`(SELECT json_build_object(${sql.join(parts, sql`, `)})::text ${from})`;
}
