import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveLanguage } from '../../features/account/api/save-language.ts';
import { changeLanguage, type LanguageCode, supportedLanguages } from '../../lib/i18n.ts';

const isSupported = (code: string | undefined): code is LanguageCode =>
  supportedLanguages.some((l) => l.code === code);

/**
 * Signed in, the interface speaks the account's language (decision 0034): it is applied
 * once the caller's record arrives (a sign-in on a new browser, a reload), and a choice in
 * the header menu is saved to the account, so every browser follows it. Returns that choice.
 */
export function useAccountLanguage(accountLanguage: string | undefined): (code: LanguageCode) => void {
  const { i18n } = useTranslation();
  const save = useSaveLanguage();
  useEffect(() => {
    if (isSupported(accountLanguage) && i18n.resolvedLanguage !== accountLanguage)
      void changeLanguage(i18n, accountLanguage);
  }, [accountLanguage, i18n]);
  return (code) => {
    void changeLanguage(i18n, code);
    if (code !== accountLanguage) save.mutate(code);
  };
}
