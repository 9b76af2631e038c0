import { describe, expect, it } from 'vitest';
import {
  addItem,
  indent,
  moveDown,
  moveNextTo,
  moveUp,
  outdent,
  removeItem,
  sameItems,
  toRows,
} from './arrangement-tree.ts';

// Oral ▸ (Tablet, Syrup); Injection ▸ (Intravenous); Topical
const items = [
  { entryId: 'oral', parentEntryId: null },
  { entryId: 'tablet', parentEntryId: 'oral' },
  { entryId: 'syrup', parentEntryId: 'oral' },
  { entryId: 'injection', parentEntryId: null },
  { entryId: 'iv', parentEntryId: 'injection' },
  { entryId: 'topical', parentEntryId: null },
];

const show = (list: { entryId: string; parentEntryId?: string | null }[]) =>
  list.map((i) => `${i.entryId}<${i.parentEntryId ?? '-'}`).join(' ');

describe('arrangement tree', () => {
  it('reads rows with depth and place among siblings', () => {
    expect(toRows(items).map((r) => `${r.entryId}:${r.depth}:${r.index + 1}/${r.siblings}`)).toEqual([
      'oral:0:1/3',
      'tablet:1:1/2',
      'syrup:1:2/2',
      'injection:0:2/3',
      'iv:1:1/1',
      'topical:0:3/3',
    ]);
  });

  it('moves an item up and down among its siblings with its sub-items', () => {
    expect(show(moveUp(items, 'injection'))).toBe(
      'injection<- iv<injection oral<- tablet<oral syrup<oral topical<-',
    );
    expect(show(moveDown(items, 'tablet'))).toBe(
      'oral<- syrup<oral tablet<oral injection<- iv<injection topical<-',
    );
    expect(show(moveUp(items, 'oral'))).toBe(show(items));
    expect(show(moveDown(items, 'topical'))).toBe(show(items));
  });

  it('indents under the sibling above and outdents to just after the parent', () => {
    expect(show(indent(items, 'topical'))).toBe(
      'oral<- tablet<oral syrup<oral injection<- iv<injection topical<injection',
    );
    expect(show(indent(items, 'oral'))).toBe(show(items));
    expect(show(outdent(items, 'tablet'))).toBe(
      'oral<- syrup<oral tablet<- injection<- iv<injection topical<-',
    );
    expect(show(outdent(items, 'oral'))).toBe(show(items));
  });

  it('drops next to another row, never inside its own sub-items', () => {
    expect(show(moveNextTo(items, 'topical', 'tablet', 'after'))).toBe(
      'oral<- tablet<oral topical<oral syrup<oral injection<- iv<injection',
    );
    expect(show(moveNextTo(items, 'iv', 'oral', 'before'))).toBe(
      'iv<- oral<- tablet<oral syrup<oral injection<- topical<-',
    );
    expect(show(moveNextTo(items, 'oral', 'syrup', 'after'))).toBe(show(items));
  });

  it('removes an item, its sub-items taking its place; adds at the end once', () => {
    expect(show(removeItem(items, 'oral'))).toBe('tablet<- syrup<- injection<- iv<injection topical<-');
    expect(show(addItem(items, 'rectal')).endsWith('topical<- rectal<-')).toBe(true);
    expect(addItem(items, 'oral')).toHaveLength(6);
    expect(sameItems(items, moveUp(items, 'oral'))).toBe(true);
    expect(sameItems(items, moveDown(items, 'oral'))).toBe(false);
  });
});
