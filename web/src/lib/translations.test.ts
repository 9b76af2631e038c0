import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLanguages } from './i18n.ts';
import { bundles as englishBundles } from './translations/en.ts';
import { bundles as frenchBundles } from './translations/fr.ts';
import { loadTranslations } from './translations.ts';

/** Every key path of a translation tree, plural forms folded into their base key. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('translations', () => {
  // A page loads its own language only, with no English to fall back on: none may miss a text.
  it('has every English text in every other language', async () => {
    const english = new Set(keys(await loadTranslations.en()));
    expect(english.size).toBeGreaterThan(100);
    for (const { code } of supportedLanguages) {
      const other = new Set(keys(await loadTranslations[code]()));
      expect(
        [...english].filter((key) => !other.has(key)),
        `missing in ${code}`,
      ).toEqual([]);
    }
  });

  it('takes every bundle of every feature, and no two bundles share a top-level key', () => {
    const features = join(import.meta.dirname, '..', 'features');
    const withLocales = readdirSync(features).filter((f) =>
      readdirSync(join(features, f)).includes('locales'),
    );
    expect(withLocales.length).toBeGreaterThanOrEqual(8);
    for (const bundles of [englishBundles, frenchBundles]) {
      const files = Object.keys(bundles);
      for (const feature of withLocales)
        expect(files.some((f) => f.includes(`/features/${feature}/locales/`))).toBe(true);
      const owners = new Map<string, string>();
      for (const [file, bundle] of Object.entries(bundles)) {
        for (const key of Object.keys(bundle)) {
          expect(owners.get(key), `${key} in ${file}`).toBeUndefined();
          owners.set(key, file);
        }
      }
    }
  });
});
