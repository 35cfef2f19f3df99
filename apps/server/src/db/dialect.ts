import { type QueryExecutor, SqliteAdapter } from 'kysely';

/** Which SQL dialect a Kysely instance (or transaction) speaks; migrations use it for the few dialect-specific objects. */
export function dialectOf(db: { getExecutor(): QueryExecutor }): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
