import { type Kysely, SqliteAdapter } from 'kysely';

/** Which SQL dialect a Kysely instance speaks; migrations use it for the few dialect-specific objects. */
export function dialectOf(db: Kysely<unknown>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
