import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from './database-errors.ts';
import { createDb, type Db, type DbTimeouts, migrate } from './db.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { localSecret } from './local-state.ts';
import { canRewriteAudit, ensureRuntimeRole, grantRuntimePrivileges, runtimeRoleFor } from './roles.ts';

export interface OpenDatabase {
  /** The runtime role's connection string (what the app serves with). */
  url: string;
  db: Db;
  /** Migrations applied by this start. */
  applied: string[];
  close(): Promise<void>;
}

const EMBEDDED_DATABASE = 'vigilo';

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is unset, applies
 * pending migrations with the owner role (MIGRATION_DATABASE_URL, else DATABASE_URL) and
 * serves with the runtime role (docs/decisions/0021-database-roles.md).
 */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        databases: [EMBEDDED_DATABASE],
        log: (message) => message.startsWith('The embedded') && console.log(message),
      });
  try {
    let ownerUrl: string;
    let runtimeUrl: string;
    if (embedded) {
      ownerUrl = embedded.adminUrl(EMBEDDED_DATABASE);
      const password = (await localSecret(config.dataDir, 'postgres-runtime')).value;
      runtimeUrl = await ensureRuntimeRole(ownerUrl, runtimeRoleFor(EMBEDDED_DATABASE), password);
    } else {
      runtimeUrl = config.databaseUrl!;
      ownerUrl = config.migrationDatabaseUrl ?? runtimeUrl;
    }
    const timeouts = dbTimeouts(config);
    const applied = await explained(prepareSchema(ownerUrl, runtimeUrl, timeouts), ownerUrl);
    const db = createDb(runtimeUrl, config.dbPoolSize, timeouts);
    if (ownerUrl === runtimeUrl && (await explained(canRewriteAudit(db), runtimeUrl))) {
      if (config.env === 'production') {
        await db.destroy();
        throw new Error(ROLE_SPLIT_NEEDED);
      }
      console.warn(`Warning: ${ROLE_SPLIT_NEEDED}`);
    }
    return {
      url: runtimeUrl,
      db,
      applied,
      async close() {
        await db.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

const ROLE_SPLIT_NEEDED =
  'the role of DATABASE_URL can rewrite the audit log (it owns the tables or is a superuser). ' +
  'Set MIGRATION_DATABASE_URL to that owner and DATABASE_URL to a runtime role (see "Use your own PostgreSQL" in the README).';

/**
 * With the owner: applies migrations, installs or upgrades pg-boss's schema, and, when the
 * runtime role is another role, grants it what it needs. Answers the migrations applied.
 */
export async function prepareSchema(
  ownerUrl: string,
  runtimeUrl: string,
  timeouts: DbTimeouts,
): Promise<string[]> {
  // Migrations may run long (an index on a big table): no statement limit here.
  const owner = createDb(ownerUrl, 1, { connectMs: timeouts.connectMs, statementMs: 0 });
  try {
    const applied = await migrate(owner).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '42501') throw error;
      throw new Error(
        'Migrations are pending and the role of DATABASE_URL may not apply them: run `npm run db:migrate` with MIGRATION_DATABASE_URL set to the owner role.',
      );
    });
    const boss = new PgBoss({ connectionString: ownerUrl, supervise: false, schedule: false, max: 1 });
    boss.on('error', () => {}); // a failure rejects start() below
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
    if (ownerUrl !== runtimeUrl) {
      const runtime = createDb(runtimeUrl, 1, timeouts);
      try {
        const role = await sql<{ name: string }>`SELECT current_user AS name`.execute(runtime);
        await grantRuntimePrivileges(owner, role.rows[0]!.name);
      } finally {
        await runtime.destroy();
      }
    }
    return applied;
  } finally {
    await owner.destroy();
  }
}

/** Start-up errors about reaching the database, as one sentence that names the setting. */
async function explained<T>(work: Promise<T>, url: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const { hostname, port, username, pathname } = new URL(url);
    const where = `PostgreSQL at ${hostname}:${port || 5432}`;
    const code = (error as { code?: string }).code;
    if (isDatabaseUnavailable(error)) {
      throw new Error(`Cannot reach ${where}: ${(error as Error).message}.`);
    }
    if (code === '28P01' || code === '28000') {
      throw new Error(
        `${where} refused the login of user "${decodeURIComponent(username)}": check the password in the database URL.`,
      );
    }
    if (code === '3D000')
      throw new Error(`${where} has no database "${pathname.slice(1)}": create it first.`);
    throw error;
  }
}

/** The configured time limits for database connections and statements. */
export const dbTimeouts = (config: Config): DbTimeouts => ({
  connectMs: config.dbConnectTimeoutMs,
  statementMs: config.dbStatementTimeoutMs,
});
