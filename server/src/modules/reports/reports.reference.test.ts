import { describe, expect, it } from 'vitest';
import { newReference, normaliseReference, REFERENCE_ALPHABET } from './reports.reference.ts';

/** Decision 0077: what a reference looks like and what its check character catches. */
describe('report reference numbers', () => {
  const references = Array.from({ length: 200 }, newReference);

  it('are 4 + 4 characters and a check character, from an alphabet without look-alikes', () => {
    for (const look of ['0', 'O', 'Q', '1', 'I', 'L', '2', 'Z', '5', 'S', '8', 'B', '6', 'G', 'U', 'V', 'W'])
      expect(REFERENCE_ALPHABET).not.toContain(look);
    for (const reference of references) {
      expect(reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]$/);
      expect(normaliseReference(reference)).toBe(reference);
    }
  });

  it('accept what a person types: lower case, spaces, no dashes', () => {
    const reference = references[0]!;
    expect(normaliseReference(reference.toLowerCase().replaceAll('-', ' '))).toBe(reference);
    expect(normaliseReference(reference.replaceAll('-', ''))).toBe(reference);
  });

  it('refuse every single wrong character and every swap of two different neighbours', () => {
    for (const reference of references.slice(0, 40)) {
      const plain = reference.replaceAll('-', '');
      for (let i = 0; i < plain.length; i++) {
        for (const c of REFERENCE_ALPHABET) {
          if (c === plain[i]) continue;
          expect(normaliseReference(plain.slice(0, i) + c + plain.slice(i + 1))).toBeNull();
        }
        if (i + 1 < plain.length && plain[i] !== plain[i + 1]) {
          const swapped = plain.slice(0, i) + plain[i + 1] + plain[i] + plain.slice(i + 2);
          expect(normaliseReference(swapped)).toBeNull();
        }
      }
    }
    expect(normaliseReference('ABCD-EFGH')).toBeNull();
    expect(normaliseReference('0000-0000-0')).toBeNull();
  });
});
