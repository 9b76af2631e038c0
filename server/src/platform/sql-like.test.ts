import { describe, expect, it } from 'vitest';
import { escapeLike } from './sql-like.ts';

/** Every expected pattern is written by hand: a backslash before each \, % and _, nothing else touched. */
describe('escapeLike', () => {
  it('escapes %, _ and a trailing backslash', () => {
    expect(escapeLike('100%_done\\')).toBe('100\\%\\_done\\\\');
  });

  it('escapes each of several in a row, and a backslash already before a wildcard', () => {
    expect(escapeLike('%%__')).toBe('\\%\\%\\_\\_');
    expect(escapeLike('a\\%b')).toBe('a\\\\\\%b');
  });

  it('leaves other text as it is, the empty text and LIKE-harmless signs included', () => {
    expect(escapeLike('')).toBe('');
    expect(escapeLike("Paracétamol 500 mg (O'Brien) [x]*?.^$")).toBe("Paracétamol 500 mg (O'Brien) [x]*?.^$");
  });

  it('adds no % of its own: the caller says where the pattern is open', () => {
    expect(`%${escapeLike('ab')}%`).toBe('%ab%');
  });
});
