import { describe, expect, it } from 'vitest';
import { ifMatch, mergeMine, readStaleWrite, staleDifferences } from './stale-write.ts';

describe('stale writes', () => {
  it('reads the 412 answer only', () => {
    const current = { name: 'B' };
    expect(readStaleWrite({ status: 412, meta: { current, currentVersion: 4 } })).toEqual({
      current,
      currentVersion: 4,
    });
    expect(readStaleWrite({ status: 409, meta: { current, currentVersion: 4 } })).toBeNull();
    expect(readStaleWrite({ status: 412, meta: { currentVersion: 4 } })).toBeNull();
    expect(readStaleWrite(new Error('network'))).toBeNull();
    expect(ifMatch(7)).toEqual({ 'if-match': '"7"' });
  });

  it('lists the fields the other save changed, marking the ones both changed differently', () => {
    const base = { name: 'A', phone: null, email: 'a@x.test', kind: 'hospital' };
    const theirs = { name: 'B', phone: '123', email: 'a@x.test', kind: 'other' };
    const mine = { name: 'C', phone: null, email: 'new@x.test', kind: 'other' };
    expect(staleDifferences(base, theirs, mine)).toEqual([
      { key: 'name', base: 'A', theirs: 'B', mine: 'C', mineChanged: true, conflict: true },
      { key: 'phone', base: null, theirs: '123', mine: null, mineChanged: false, conflict: false },
      // Both chose the same value: nothing is lost either way.
      { key: 'kind', base: 'hospital', theirs: 'other', mine: 'other', mineChanged: true, conflict: false },
    ]);
  });

  it('saving mine keeps their value in every field I left alone', () => {
    const base = { name: 'A', phone: null, email: 'a@x.test' };
    const theirs = { name: 'B', phone: '123', email: 'a@x.test' };
    const mine = { name: 'A', phone: null, email: 'new@x.test' };
    expect(mergeMine(base, theirs, mine)).toEqual({ name: 'B', phone: '123', email: 'new@x.test' });
  });
});
