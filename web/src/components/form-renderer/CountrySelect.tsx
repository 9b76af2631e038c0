import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNullFlavour } from './answers.ts';
import { NativeField, nativeField } from './NativeField.tsx';

/**
 * The regions the browser names (CLDR) that are not ISO 3166-1 countries: exceptionally
 * reserved codes, groupings, pseudo-regions and "unknown" (E2B's EU is added on its own).
 */
const NOT_COUNTRIES = 'AC CP CQ DG EA EU EZ IC QO TA UN XA XB XK ZZ';

const cache = new Map<string, { code: string; name: string }[]>();

/**
 * The 249 ISO 3166-1 alpha-2 countries, named in `language` by the browser, sorted by name; EU
 * last. The codes come from the browser too (every two letters it names, less the regions above
 * and aliases such as UK for GB): a list written here would cost the public form's first step
 * half a kilobyte (decision 0154). Node's ICU gives exactly the ISO list (pickers.test.tsx).
 */
export function countryOptions(language: string): { code: string; name: string }[] {
  const known = cache.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
  const options: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (
        name &&
        !NOT_COUNTRIES.includes(code) &&
        Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`
      )
        options.push({ code, name });
    }
  options.sort((x, y) => x.name.localeCompare(y.name, language));
  options.push({ code: 'EU', name: names.of('EU') ?? 'EU' });
  cache.set(language, options);
  return options;
}

interface CountrySelectProps {
  id: string;
  label: string;
  description?: string;
  error?: string;
  language: string;
  value: unknown;
  disabled?: boolean;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  unknownBox: ReactNode;
}

/**
 * A country question (E2B: ISO 3166-1 alpha-2 or EU; decision 0154): a native list of the
 * countries named in the form's language, sorted by name, storing the code. Phones show their
 * own picker and typing a name's first letters jumps to it. Drawn by the renderer itself, not a
 * lazy picker: the public form's first step asks for the reporter's country, and a chunk of its
 * own would cost more than these few lines (decision 0123's budget).
 */
export function CountrySelect(props: CountrySelectProps) {
  const { t } = useTranslation();
  const unknown = isNullFlavour(props.value);
  const value = typeof props.value === 'string' ? props.value : '';
  const options = countryOptions(props.language);
  return (
    <Stack gap="xs">
      <NativeField id={props.id} label={props.label} description={props.description} error={props.error}>
        {(aria) => (
          <select
            id={props.id}
            className={nativeField.input}
            {...aria}
            value={unknown ? '' : value}
            disabled={props.disabled || unknown}
            onChange={(event) => props.onChange(event.currentTarget.value || undefined)}
            onBlur={props.onBlur}
          >
            <option value="">{t('reporting.renderer.choose')}</option>
            {/* A code the list does not know (from an import) is kept and shown as it is. */}
            {value && !options.some((o) => o.code === value) ? <option value={value}>{value}</option> : null}
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </NativeField>
      {props.unknownBox}
    </Stack>
  );
}
