/**
 * Every English text, found by the build (no list to keep in step): the shell's
 * (locales/en.json), the shared patterns' (locales/<pattern>/en.json) and one bundle per feature
 * (features/<area>/locales/en.json, whose keys all sit under the feature's name). No two
 * bundles share a top-level key (translations.test.ts), so their order does not matter.
 */
export const bundles = import.meta.glob<Record<string, unknown>>(
  ['../../locales/en.json', '../../locales/*/en.json', '../../features/*/locales/en.json'],
  { eager: true, import: 'default' },
);

export const translations: Record<string, unknown> = Object.assign({}, ...Object.values(bundles));
