import type { Placeholder } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * A raw statement prepared under `name` (parsed and planned once per connection on PostgreSQL).
 * Parameters are `$1`, `$2` … in the order of `params`, filled by name at execution; the answer is
 * the driver's raw rows. Every parameter carries an explicit cast in the text, so its type never
 * depends on inference. For hot statements that Drizzle's builder cannot express (data-modifying
 * CTEs chained in one round trip).
 */
export function preparedRaw<T>(db: Db, name: string, text: string, params: readonly string[]) {
  const query = { sql: text, params: params.map((p): Placeholder<string> => sql.placeholder(p)) };
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return async (values: Record<string, unknown>): Promise<T[]> => {
    const result = (await prepared.execute(values)) as { rows: T[] };
    return result.rows;
  };
}

/**
 * A statement's parameters by name, for statements composed of several features' steps (each
 * feature names its own values, e.g. `ledger.amount`): `ref(name)` is the `$n` of the value, the
 * same `$n` each time the name is asked for; `names` is their order, for `preparedRaw`.
 */
export type ParamRef = (name: string) => string;

export function statementParams(): { ref: ParamRef; names: string[] } {
  const names: string[] = [];
  const ref = (name: string) => {
    let i = names.indexOf(name);
    if (i < 0) i = names.push(name) - 1;
    return `$${i + 1}`;
  };
  return { ref, names };
}
