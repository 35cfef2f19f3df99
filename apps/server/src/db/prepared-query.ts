import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import type { Executor } from './database.ts';
import { runOnSqliteConnection } from './sqlite-dialect.ts';

type Template = { sql: string; query: CompiledQuery['query']; slots: (number | { value: unknown })[] };

/** Stand-ins for the arguments while the query is built once: no real value can look like these. */
const marker = (i: number) => `\u0000prepared-argument-${i}\u0000`;

/**
 * A query built and compiled once per dialect, then run with new argument values each time. Kysely
 * builds an operation tree and compiles it to SQL on every call, which on a small indexed query costs
 * more than the query itself; the hottest reads (who is signed in, a balance) skip that.
 *
 * `build` is called once with markers in place of the arguments; every argument must reach the
 * query as a bound parameter, unchanged (not folded into the SQL text, not transformed), or
 * preparing throws. Templates are kept per database adapter, so a transaction reuses its database's.
 * On SQLite the statement runs on the connection at once when that is safe, skipping Kysely's
 * per-query pipeline (see runOnSqliteConnection).
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<QueryResult<R>> {
  const templates = new WeakMap<object, Template>();
  const prepare = (db: Executor): Template => {
    if (build.length < 2) throw new Error('preparedQuery: name the arguments (db, a, b…) so they can be counted');
    const args = Array.from({ length: build.length - 1 }, (_, i) => marker(i)) as A;
    const compiled = build(db, ...args).compile();
    const slots = compiled.parameters.map((p) => {
      const index = args.indexOf(p);
      return index === -1 ? { value: p } : index;
    });
    args.forEach((a, i) => {
      if (!slots.includes(i))
        throw new Error(`preparedQuery: argument ${i} is not a bound parameter of ${compiled.sql}`);
      if (compiled.sql.includes(a as string)) throw new Error(`preparedQuery: argument ${i} is part of the SQL text`);
    });
    return { sql: compiled.sql, query: compiled.query, slots };
  };
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) templates.set(adapter, (template = prepare(db)));
    const parameters = template.slots.map((s) => (typeof s === 'number' ? args[s] : s.value));
    const direct = runOnSqliteConnection<R>(db, template.sql, parameters);
    if (direct) return direct;
    return db.executeQuery<R>({ sql: template.sql, query: template.query, parameters, queryId: { queryId: '' } });
  };
}

/** The first row of a prepared query's answer, as Kysely's `executeTakeFirst` gives it. */
export const firstRow = <R>(result: QueryResult<R>): R | undefined => result.rows[0];
