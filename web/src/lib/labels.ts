import type { TFunction } from 'i18next';

/**
 * Words for the codes the API speaks (decision 0037): a screen shows "Healthcare professional",
 * never "hcp". Each list is what a picker offers; a code outside it (older data) is still shown,
 * as written, rather than hidden.
 */

/** Account types people are given (users' `accountType`); the platform's default is `standard`. */
export const accountTypes = ['standard', 'hcp', 'consumer'] as const;

/**
 * The kinds of report a user group may be limited to (UX.md: separate forms for medicines,
 * vaccines and product defects).
 */
export const reportTypes = ['medicine', 'aefi', 'product_defect'] as const;

/** How locations get into an organisation. */
export const locationProviders = ['manual', 'import'] as const;

const label = (t: TFunction, list: string, code: string) =>
  t(`codes.${list}.${code}`, { defaultValue: code });

export const accountTypeLabel = (t: TFunction, code: string) => label(t, 'accountTypes', code);
export const reportTypeLabel = (t: TFunction, code: string) => label(t, 'reportTypes', code);
export const locationProviderLabel = (t: TFunction, code: string) => label(t, 'locationProviders', code);

/** A language code ("fr") as its name in the reader's language ("French", "français"). */
export function languageLabel(code: string, displayLanguage: string): string {
  try {
    return new Intl.DisplayNames([displayLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Picker options for one of the lists above, labelled in the reader's language. */
export const codeOptions = (
  t: TFunction,
  codes: readonly string[],
  toLabel: (t: TFunction, c: string) => string,
) => codes.map((code) => ({ value: code, label: toLabel(t, code) }));
