import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryExecutor,
  type QueryResult,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * A transaction that takes SQLite's write lock when it begins. A plain (deferred) BEGIN takes it at
 * the first write; if another process wrote meanwhile, a transaction that read first fails at once
 * with SQLITE_BUSY, which busy_timeout does not cover. An immediate one waits for the lock instead,
 * so a separate worker process (`npm run worker`) can share the database file with the server.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many distinct statements stay prepared; the app has a few hundred queries, most built the same way each time. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, with prepared statements kept by SQL text: preparing costs more
 * than running a small indexed query, and Kysely prepares on every call. Least recently used
 * statements are dropped past `size`. A statement still being iterated is never handed out twice.
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  size = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase & { prepare(text: string): Statement } {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        cache.delete(text); // re-insert: the Map's order is the recency order
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

/** The statement-caching connection under each SQLite Kysely instance, by its adapter (its transactions share it). */
const connections = new WeakMap<object, { statements: KyselySqliteDatabase; sqlite: SqliteDatabase }>();

export function registerConnection(
  db: { getExecutor(): QueryExecutor },
  sqlite: SqliteDatabase,
  statements: KyselySqliteDatabase,
): void {
  connections.set(db.getExecutor().adapter, { sqlite, statements });
}

/**
 * Runs a compiled query straight on the SQLite connection, as Kysely's driver would but without its
 * per-query pipeline, when that is safe: inside a transaction (it holds the one connection), or
 * outside one while no transaction is open (a read then sees only committed rows). Undefined
 * otherwise (PostgreSQL, or a transaction open elsewhere: Kysely then waits for it to end).
 */
export function runOnSqliteConnection<R>(
  db: { isTransaction: boolean; getExecutor(): QueryExecutor },
  sql: string,
  parameters: readonly unknown[],
): QueryResult<R> | undefined {
  const connection = connections.get(db.getExecutor().adapter);
  if (!connection || (!db.isTransaction && connection.sqlite.inTransaction)) return undefined;
  const statement = connection.statements.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes) };
}
