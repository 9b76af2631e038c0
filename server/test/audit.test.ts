import { describe, expect, it } from 'vitest';
import { changesBetween } from '../src/platform/audit.ts';

describe('changesBetween: the field-level change an audit row records', () => {
  it('keeps only the fields that differ, nested ones by path, arrays whole', () => {
    const before = { name: 'A', address: { city: 'Lyon', zip: '69001' }, tags: ['x', 'y'], same: 1 };
    const after = { name: 'B', address: { city: 'Lyon', zip: '69002' }, tags: ['x'], same: 1 };
    expect(changesBetween(before, after)).toEqual([
      { path: 'address.zip', old: '69001', new: '69002' },
      { path: 'name', old: 'A', new: 'B' },
      { path: 'tags', old: ['x', 'y'], new: ['x'] },
    ]);
  });

  it('reads a creation and a removal as every field appearing or going; absent is null', () => {
    expect(changesBetween(null, { a: 1, b: { c: true } })).toEqual([
      { path: 'a', old: null, new: 1 },
      { path: 'b.c', old: null, new: true },
    ]);
    expect(changesBetween({ a: 1 }, null)).toEqual([{ path: 'a', old: 1, new: null }]);
    expect(changesBetween({ a: 1, b: 2 }, { a: 1 })).toEqual([{ path: 'b', old: 2, new: null }]);
    expect(changesBetween({ a: null }, {})).toEqual([]);
  });

  it('compares dates as their instant and skips version bookkeeping', () => {
    const at = '2026-11-24T08:00:00.000Z';
    expect(changesBetween({ at: new Date(at), version: 1 }, { at, version: 2, updatedAt: at })).toEqual([]);
  });

  it('never records a secret or hash: only that it changed, was set or was cleared', () => {
    const changes = changesBetween(
      { passwordHash: 'h1', clientSecret: null, sso: { token: 't1' }, apiKey: { key: 'vk_1' } },
      { passwordHash: 'h2', clientSecret: 's', sso: { token: null }, apiKey: { key: 'vk_1' } },
    );
    expect(changes).toEqual([
      { path: 'clientSecret', old: null, new: '[redacted]' },
      { path: 'passwordHash', old: '[redacted]', new: '[redacted]' },
      { path: 'sso.token', old: '[redacted]', new: null },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/h1|h2|t1|vk_1|"s"/);
  });
});
