import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
// The case view's own read-only document (decision 0261), not a copy: the assessor reads the
// case block by block as staff do on the case view (issue 25 item 12).
import { CaseDocumentView } from '../../cases/case-document/CaseDocumentView.tsx';
import { useSentMessage } from '../api/get-sent-message.ts';

/**
 * The case the assessor signs for, as written into the receiver's message (GET
 * /v1/reports/anonymised/{id}: masked where the receiver asks), so what is approved is what
 * goes. It shares the message's query with the XML section below it.
 */
export function ReviewedCase({ id, masked }: { id: string; masked: boolean }) {
  const { t } = useTranslation();
  const message = useSentMessage(id);
  if (message.isPending) return <Loading />;
  if (message.isError)
    return (
      <LoadError
        title={t('submissionsView.sign.caseFailed')}
        error={message.error}
        onRetry={() => void message.refetch()}
        retrying={message.isFetching}
      />
    );
  return (
    <Stack gap="sm" data-testid="reviewed-case">
      <Text>{t(masked ? 'submissionsView.sign.caseLeadMasked' : 'submissionsView.sign.caseLead')}</Text>
      <CaseDocumentView document={message.data.report} />
    </Stack>
  );
}
