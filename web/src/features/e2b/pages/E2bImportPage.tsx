import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { E2bImportDialog } from '../components/E2bImportDialog.tsx';
import { useE2bTexts } from '../texts/use-e2b-texts.ts';

/** Where staff import cases from E2B(R3) files (the dialog does the work). */
export function E2bImportPage() {
  useE2bTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('e2b.import.pageTitle'));
  const [opened, setOpened] = useState(false);
  return (
    <>
      <PageHeader title={t('e2b.import.pageTitle')} lead={t('e2b.import.pageLead')} />
      <Button onClick={() => setOpened(true)}>{t('e2b.import.open')}</Button>
      <E2bImportDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
