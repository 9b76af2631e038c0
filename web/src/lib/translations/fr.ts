/**
 * Every French text, found by the build (no list to keep in step): the shell's
 * (locales/fr.json), the shared patterns' (locales/<pattern>/fr.json) and one bundle per feature
 * (features/<area>/locales/fr.json, whose keys all sit under the feature's name). No two
 * bundles share a top-level key (translations.test.ts), so their order does not matter.
 */
export const bundles = import.meta.glob<Record<string, unknown>>(
  ['../../locales/fr.json', '../../locales/*/fr.json', '../../features/*/locales/fr.json'],
  { eager: true, import: 'default' },
);

export const translations: Record<string, unknown> = Object.assign({}, ...Object.values(bundles));
