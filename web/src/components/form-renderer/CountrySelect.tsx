import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNullFlavour } from './answers.ts';
import { NativeField, nativeField } from './NativeField.tsx';

/** ISO 3166-1 alpha-2: the 249 officially assigned codes, two letters each (E2B also takes EU). */
const ISO_3166 =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCN' +
  'COCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHM' +
  'HNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMK' +
  'MLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURW' +
  'SASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVI' +
  'VNVUWFWSYEYTZAZMZW';

const cache = new Map<string, { code: string; name: string }[]>();

/** Every country code with its name in `language` (the browser's own names), by name; EU last. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const known = cache.get(language);
  if (known) return known;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const name = (code: string) => names?.of(code) ?? code;
  const options = (ISO_3166.match(/../g) ?? [])
    .map((code) => ({ code, name: name(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  options.push({ code: 'EU', name: name('EU') });
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
