import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCase } from '../api/report-e2b.ts';
import { E2bPanel } from '../components/E2bPanel.tsx';

/** A case as E2B(R3): until the case view has its tab, its own page (linked from the import summary). */
export function E2bCasePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const found = useCase(id);
  const reference = found.data?.reference ?? '';
  useDocumentTitle(t('e2b.case.title', { reference }));
  if (found.isError)
    return (
      <LoadError
        title={t('e2b.case.loading')}
        error={found.error}
        onRetry={() => found.refetch()}
        retrying={found.isFetching}
      />
    );
  if (!found.data) return <Loader aria-label={t('e2b.case.loading')} />;
  return (
    <>
      <PageHeader title={t('e2b.case.title', { reference })} lead={t('e2b.case.lead')} />
      <E2bPanel reportId={id} reference={reference} />
    </>
  );
}
