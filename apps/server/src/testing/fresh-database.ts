import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * When DATABASE_URL points at PostgreSQL, creates a new empty database beside it (named
 * test_<random>) so every suite and every CI run starts clean; null when DATABASE_URL is unset.
 */
export async function createFreshDatabase(baseUrl = process.env.DATABASE_URL): Promise<FreshDatabase | null> {
  if (!baseUrl) return null;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
