import { expect, it } from 'vitest';
import type { ChunkTexts } from '../lib/chunk-texts.ts';

/** Every key path of a translation tree, plural forms folded into their base key. */
export function textKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? textKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

/**
 * The test every chunk's texts have: English and French hold the same keys (at least
 * `atLeast` of them, so an empty or misplaced file cannot pass).
 */
export function itHasEveryTextInBothLanguages(texts: ChunkTexts, atLeast: number): void {
  it('has every English text in French, and nothing French has that English lacks', async () => {
    const english = textKeys(await texts.load('en'));
    const french = textKeys(await texts.load('fr'));
    expect(english.length).toBeGreaterThan(atLeast);
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key))).toEqual([]);
  });
}
