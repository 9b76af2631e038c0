import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the browser tab title to "<page> – Vigilo", prefixed with "Error: " while the page
 * shows validation errors (GOV.UK pattern: screen-reader users hear it first).
 */
export function useDocumentTitle(pageTitle: string, hasErrors = false): void {
  const { t } = useTranslation();
  const title = `${hasErrors ? t('common.errorTitlePrefix') : ''}${pageTitle} – ${t('common.productName')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
