import { describe, expect, it } from 'vitest';
import { submissionsTexts } from './use-submissions-texts.ts';

/** Every key path of a translation tree, plural forms folded into their base key. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('submission screen texts', () => {
  it('has every English text in French, and nothing French has that English lacks', () => {
    const english = keys(submissionsTexts.en!);
    const french = keys(submissionsTexts.fr!);
    expect(english.length).toBeGreaterThan(100);
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key))).toEqual([]);
  });
});
