import { describe, expect, it } from 'vitest';
import { casesTexts } from './use-cases-texts.ts';

/** Every key path of a translation tree, plural forms folded into their base key. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('case screen texts', () => {
  it('has every English text in French, and nothing French has that English lacks', async () => {
    const english = keys(await casesTexts.load('en'));
    const french = keys(await casesTexts.load('fr'));
    expect(english.length).toBeGreaterThan(120);
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key))).toEqual([]);
  });
});
