import type { Config } from '../config.ts';
import { createDb, type Db, migrate } from './db.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export interface OpenDatabase {
  url: string;
  db: Db;
  /** Migrations applied by this start. */
  applied: string[];
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is unset, and
 * applies pending migrations.
 */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        database: 'vigilo',
      });
  const url = config.databaseUrl ?? embedded!.url;
  const db = createDb(url, config.dbPoolSize);
  const applied = await migrate(db);
  return {
    url,
    db,
    applied,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
