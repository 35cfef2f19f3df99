import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
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
