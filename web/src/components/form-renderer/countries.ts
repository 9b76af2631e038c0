/**
 * The regions the browser names (CLDR) that are not ISO 3166-1 countries: exceptionally
 * reserved codes, groupings, pseudo-regions and "unknown" (E2B's EU is added on its own).
 */
const NOT_COUNTRIES = 'AC CP CQ DG EA EU EZ IC QO TA UN XA XB XK ZZ';

const cache = new Map<string, { value: string; label: string }[]>();

/**
 * The 249 ISO 3166-1 alpha-2 countries, named in `language` by the browser, sorted by name; EU
 * last. The codes come from the browser too (every two letters it names, less the regions above
 * and aliases such as UK for GB): a list written here would cost the public form's first step
 * half a kilobyte (decision 0154). Node's ICU gives exactly the ISO list (pickers.test.tsx).
 */
export function countryOptions(language: string): { value: string; label: string }[] {
  const known = cache.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
  const options: { value: string; label: string }[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (
        name &&
        !NOT_COUNTRIES.includes(code) &&
        Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`
      )
        options.push({ value: code, label: name });
    }
  options.sort((x, y) => x.label.localeCompare(y.label, language));
  options.push({ value: 'EU', label: names.of('EU') ?? 'EU' });
  cache.set(language, options);
  return options;
}
