import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, audit, changesBetween } from '../src/platform/audit.ts';
import { withTransaction } from '../src/platform/db.ts';
import { createTenant, useTestApp } from './index.ts';

/**
 * What audit() writes, read back from the table (decision 0053): the row's fields, the
 * field-level changes, the reason where the catalogue requires one, secrets redacted in
 * the details, and nothing at all when the transaction it belongs to rolls back.
 */
let platformId: string;
let organisationId: string;

const app = useTestApp();

beforeAll(async () => {
  const tenant = await createTenant(app.db);
  platformId = tenant.platformId;
  organisationId = tenant.organisationIds[0];
});

const rowOf = (entityId: string) =>
  app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).execute();

describe('audit() writes', () => {
  it('one row with the ids given, the changed fields only, no reason and no details', async () => {
    const entityId = randomUUID();
    const requestId = randomUUID();
    await audit(app.db, {
      action: 'platform.updated',
      entityType: 'platform',
      entityId,
      platformId,
      organisationId,
      requestId,
      before: { name: 'Old', domain: 'same.test' },
      after: { name: 'New', domain: 'same.test' },
    });
    const rows = await rowOf(entityId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'platform.updated',
      entity_type: 'platform',
      entity_id: entityId,
      platform_id: platformId,
      organisation_id: organisationId,
      actor_user_id: null,
      request_id: requestId,
      reason: null,
      details: null,
    });
    expect(rows[0]!.changes).toEqual([{ path: 'name', old: 'Old', new: 'New' }]);
  });

  it('with neither before nor after, no changes; ids left out are null', async () => {
    const entityId = randomUUID();
    await audit(app.db, { action: 'platform.created', entityType: 'platform', entityId });
    const [row] = await rowOf(entityId);
    expect(row).toMatchObject({ changes: [], platform_id: null, request_id: null, reason: null });
  });

  it('a creation (after only) and a removal (before only) record every field', async () => {
    const created = randomUUID();
    await audit(app.db, {
      action: 'platform.created',
      entityType: 'platform',
      entityId: created,
      after: { name: 'N' },
    });
    expect((await rowOf(created))[0]!.changes).toEqual([{ path: 'name', old: null, new: 'N' }]);
    const removed = randomUUID();
    await audit(app.db, {
      action: 'platform.updated',
      entityType: 'platform',
      entityId: removed,
      before: { name: 'N' },
    });
    expect((await rowOf(removed))[0]!.changes).toEqual([{ path: 'name', old: 'N', new: null }]);
  });

  it('an action that needs a reason is refused without one, and its reason is kept trimmed', async () => {
    const entityId = randomUUID();
    const entry = {
      action: 'change_request.declined' as const,
      entityType: 'change_request',
      entityId,
      platformId,
    };
    await expect(audit(app.db, { ...entry, reason: '' })).rejects.toThrow(/needs a reason/);
    await expect(audit(app.db, { ...entry, reason: '   ' })).rejects.toThrow(/needs a reason/);
    expect(await rowOf(entityId)).toEqual([]);
    await audit(app.db, { ...entry, reason: '  not a real address  ' });
    const [row] = await rowOf(entityId);
    expect(row!.reason).toBe('not a real address');
    // A reason where none is required is kept as well; blank is none.
    const other = randomUUID();
    await audit(app.db, { action: 'platform.updated', entityType: 'platform', entityId: other, reason: ' ' });
    expect((await rowOf(other))[0]!.reason).toBeNull();
  });

  it('details keep their values except secrets, at any depth; a secret left empty stays empty', async () => {
    const entityId = randomUUID();
    await audit(app.db, {
      action: 'platform.updated',
      entityType: 'platform',
      entityId,
      details: {
        ip: '127.0.0.1',
        token: 'tk-1',
        missingToken: null,
        provider: { name: 'Okta', clientSecret: 'cs-1' },
        attempts: [{ otp: '123456', at: 1 }],
        at: new Date('2026-11-24T08:00:00.000Z'),
      },
    });
    const [row] = await rowOf(entityId);
    expect(row!.details).toEqual({
      ip: '127.0.0.1',
      token: '[redacted]',
      missingToken: null,
      provider: { name: 'Okta', clientSecret: '[redacted]' },
      attempts: [{ otp: '[redacted]', at: 1 }],
      at: '2026-11-24T08:00:00.000Z',
    });
  });

  it('is written in the caller’s transaction: a rollback takes it away', async () => {
    const entityId = randomUUID();
    await expect(
      withTransaction(app.db, async (tx) => {
        await audit(tx, { action: 'platform.updated', entityType: 'platform', entityId });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowOf(entityId)).toEqual([]);
  });

  it('refuses an action no area catalogued', async () => {
    await expect(
      audit(app.db, { action: 'nothing.happened' as AuditAction, entityType: 'x' } as never),
    ).rejects.toThrow(/no area's catalogue/);
  });
});

describe('changesBetween: a value that turns into an object, or back', () => {
  it('is one change of the whole value, not a field list', () => {
    expect(changesBetween('x', { a: 1 })).toEqual([{ path: '', old: 'x', new: { a: 1 } }]);
    expect(changesBetween({ a: 1 }, 'x')).toEqual([{ path: '', old: { a: 1 }, new: 'x' }]);
    expect(changesBetween({ a: 'x' }, { a: { b: 1 } })).toEqual([{ path: 'a', old: 'x', new: { b: 1 } }]);
    expect(changesBetween([1], [1])).toEqual([]);
  });
});
