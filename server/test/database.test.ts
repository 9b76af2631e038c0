import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { auditCatalogue } from '../src/areas.ts';
import { audit, useAuditCatalogue } from '../src/platform/audit.ts';
import { databaseBusy, isDatabaseUnavailable } from '../src/platform/database-errors.ts';
import { createDb, withTransaction } from '../src/platform/db.ts';
import { startTcpProxy } from './tcp-proxy.ts';

// This file writes audit rows without building the app: it hands the catalogue in as a start does.
useAuditCatalogue(auditCatalogue());
const db = createDb(inject('databaseUrl'), 2);
afterAll(() => db.destroy());

const owner = createDb(inject('ownerDatabaseUrl'), 1);
afterAll(() => owner.destroy());

async function auditRow() {
  const entityId = randomUUID();
  await audit(db, {
    action: 'platform.updated',
    entityType: 'test',
    entityId,
    before: { a: 0 },
    after: { a: 1 },
  });
  return db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).executeTakeFirstOrThrow();
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('the audit table', () => {
  it("the app's runtime role may add and read rows, and nothing else: no rewrite, no way around the guard", async () => {
    const row = await auditRow();
    expect(row.changes).toEqual([{ path: 'a', old: 0, new: 1 }]);
    const attempts = {
      update: refusal(
        db.updateTable('audit_log').set({ action: 'rewritten' }).where('id', '=', row.id).execute(),
      ),
      delete: refusal(db.deleteFrom('audit_log').where('id', '=', row.id).execute()),
      truncate: refusal(sql`TRUNCATE audit_log`.execute(db)),
      disableTrigger: refusal(sql`ALTER TABLE audit_log DISABLE TRIGGER ALL`.execute(db)),
      dropTrigger: refusal(sql`DROP TRIGGER audit_log_no_update_delete ON audit_log`.execute(db)),
      addTrigger: refusal(
        sql`CREATE TRIGGER sneaky BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`.execute(
          db,
        ),
      ),
      alter: refusal(sql`ALTER TABLE audit_log ADD COLUMN note text`.execute(db)),
      replaceGuard: refusal(
        sql`CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`.execute(
          db,
        ),
      ),
      replicationRole: refusal(sql`SET session_replication_role = replica`.execute(db)),
      drop: refusal(sql`DROP TABLE audit_log`.execute(db)),
    };
    const messages = Object.fromEntries(
      await Promise.all(Object.entries(attempts).map(async ([k, v]) => [k, await v] as const)),
    );
    for (const [attempt, message] of Object.entries(messages)) {
      expect({
        attempt,
        refused: /permission denied|must be owner|must be (a )?superuser/.test(message),
      }).toEqual({
        attempt,
        refused: true,
      });
    }
    // A GRANT to itself is accepted with a warning and grants nothing.
    await sql`GRANT UPDATE, DELETE, TRUNCATE, TRIGGER ON audit_log TO CURRENT_USER`.execute(db);
    const granted = await sql<{ any: boolean }>`
      SELECT has_table_privilege('audit_log', 'UPDATE, DELETE, TRUNCATE, TRIGGER') AS any`.execute(db);
    expect(granted.rows).toEqual([{ any: false }]);
    const still = await db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(still.action).toBe('platform.updated');
    // and it is not someone it could become
    const { rows } = await sql<{ superuser: boolean; owner: boolean }>`
      SELECT r.rolsuper AS superuser, pg_has_role(current_user, c.relowner, 'MEMBER') AS owner
      FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'audit_log'::regclass`.execute(
      db,
    );
    expect(rows).toEqual([{ superuser: false, owner: false }]);
  });

  it("even the owner cannot UPDATE, DELETE or TRUNCATE it (the table's own guard)", async () => {
    const row = await auditRow();
    await expect(
      owner.updateTable('audit_log').set({ action: 'rewritten' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(owner.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`TRUNCATE audit_log`.execute(owner)).rejects.toThrow(/append-only/);
  });
});

describe('withTransaction', () => {
  it('reuses an open transaction, so an inner write rolls back with the outer one', async () => {
    const entityId = randomUUID();
    await expect(
      withTransaction(db, async (tx) => {
        await withTransaction(tx, async (inner) => {
          expect(inner).toBe(tx);
          await audit(inner, { action: 'platform.updated', entityType: 'test', entityId });
        });
        throw new Error('outer fails after the inner write');
      }),
    ).rejects.toThrow('outer fails');
    const rows = await db.selectFrom('audit_log').select('id').where('entity_id', '=', entityId).execute();
    expect(rows).toHaveLength(0);
  });

  it('commits when the work succeeds', async () => {
    const entityId = randomUUID();
    await withTransaction(db, (tx) =>
      audit(tx, { action: 'platform.updated', entityType: 'test', entityId }),
    );
    const rows = await db.selectFrom('audit_log').select('id').where('entity_id', '=', entityId).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('a database that stops answering', () => {
  it('fails the statement within the time limits (never hangs) and the next one gets a new connection', async () => {
    const proxy = await startTcpProxy(inject('databaseUrl'));
    const slow = createDb(proxy.url, 1, { connectMs: 500, statementMs: 500 });
    try {
      await sql`SELECT 1`.execute(slow);
      proxy.freeze();
      const started = performance.now();
      const error = await sql`SELECT 1`.execute(slow).then(
        () => null,
        (e: unknown) => e,
      );
      const waited = performance.now() - started;
      expect(isDatabaseUnavailable(error)).toBe(true);
      // statement limit + connect limit (the deadline for a silent server), with slack for a busy machine
      expect(waited).toBeGreaterThan(900);
      expect(waited).toBeLessThan(3_000);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(slow);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await slow.destroy();
      await proxy.close();
    }
  });

  it('waiting for a connection while none could connect (a server that never answers) is an outage, not busy', async () => {
    // Accepts connections and never says a word: each connection attempt runs into connectMs.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const url = new URL(inject('databaseUrl'));
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const away = createDb(url.toString(), 1, { connectMs: 400, statementMs: 400 });
    try {
      const failure = (e: unknown) => e;
      const [connecting, waiting] = await Promise.all([
        sql`SELECT 1`.execute(away).then(() => null, failure),
        sql`SELECT 1`.execute(away).then(() => null, failure),
      ]);
      expect((waiting as Error).message).toBe('timeout exceeded when trying to connect');
      for (const error of [connecting, waiting]) {
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(databaseBusy(error)).toBeNull();
      }
    } finally {
      await away.destroy();
      silent.close();
    }
  });

  it('a statement over the statement time-out is ended by PostgreSQL and reported as busy, not an outage (decision 0336)', async () => {
    const limited = createDb(inject('databaseUrl'), 1, { connectMs: 1_000, statementMs: 200 });
    try {
      const error = await sql`SELECT pg_sleep(2)`.execute(limited).then(
        () => null,
        (e: unknown) => e,
      );
      expect((error as { code?: string }).code).toBe('57014');
      expect(databaseBusy(error)).toBe('statementTimeout');
      expect(isDatabaseUnavailable(error)).toBe(false);
    } finally {
      await limited.destroy();
    }
  });
});
