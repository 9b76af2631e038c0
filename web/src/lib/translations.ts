import en from '../locales/en.json';
import fr from '../locales/fr.json';

/**
 * Every translation bundle: the shell's (locales/) and one per feature
 * (features/<area>/locales/<lang>.json, whose keys all sit under the feature's name).
 * A feature adds its two imports and one line to each list.
 */
const bundles: Record<'en' | 'fr', Record<string, unknown>[]> = {
  en: [en],
  fr: [fr],
};

export const resources = {
  en: { translation: Object.assign({}, ...bundles.en) },
  fr: { translation: Object.assign({}, ...bundles.fr) },
};
