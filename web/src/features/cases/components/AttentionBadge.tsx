import { Badge } from '@mantine/core';
import type { CaseSummary } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/** What asks for attention on a case (decisions 0250, 0252), in words: a marker on its row and in its view. */
export function AttentionBadge({ attention }: { attention: CaseSummary['attention'] }) {
  const { t } = useTranslation();
  if (!attention) return null;
  return (
    <Badge
      color={attention.kind === 'rejected' ? 'red' : 'blue'}
      variant="light"
      size="sm"
      style={{ whiteSpace: 'normal', height: 'auto' }}
      data-attention={attention.kind}
    >
      {t(`casesView.inbox.attentionKinds.${attention.kind}`)}
    </Badge>
  );
}
