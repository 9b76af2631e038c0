import { describe, expect, it } from 'vitest';
import { allTranslations } from '../test/translations.ts';
import { createI18n } from './i18n.ts';
import { translations as english } from './translations/en.ts';

describe('createI18n', () => {
  // Tests share one module graph (decision 0198), and the page's chunk texts are merged into
  // what i18next holds (decision 0086): the module's own translations must stay as written.
  it('merges texts added later into its own copy, never into the module’s translations', () => {
    const i18n = createI18n('en', allTranslations);
    i18n.addResourceBundle('en', 'translation', { addedByATest: { title: 'Added' } }, true, true);
    expect(i18n.t('addedByATest.title')).toBe('Added');
    expect(Object.keys(english)).not.toContain('addedByATest');
  });
});
