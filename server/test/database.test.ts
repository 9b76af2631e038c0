import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeAudit } from '../src/platform/audit.ts';
import { createDb, withTransaction } from '../src/platform/db.ts';

const db = createDb(inject('databaseUrl'), 2);
afterAll(() => db.destroy());

describe('the audit table', () => {
  it('accepts new rows and refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    const entityId = randomUUID();
    await writeAudit(db, { action: 'test.write', entityType: 'test', entityId, newValue: { a: 1 } });
    const row = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', entityId)
      .executeTakeFirstOrThrow();
    expect(row.new_value).toEqual({ a: 1 });
    await expect(
      db.updateTable('audit_log').set({ action: 'rewritten' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const still = await db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(still.action).toBe('test.write');
  });
});

describe('withTransaction', () => {
  it('reuses an open transaction, so an inner write rolls back with the outer one', async () => {
    const entityId = randomUUID();
    await expect(
      withTransaction(db, async (tx) => {
        await withTransaction(tx, async (inner) => {
          expect(inner).toBe(tx);
          await writeAudit(inner, { action: 'test.inner', entityType: 'test', entityId });
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
      writeAudit(tx, { action: 'test.commit', entityType: 'test', entityId }),
    );
    const rows = await db.selectFrom('audit_log').select('id').where('entity_id', '=', entityId).execute();
    expect(rows).toHaveLength(1);
  });
});
