import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SentReceipt } from './sent-receipt.ts';

/**
 * What the journey shows when the reporter comes Back from "Report sent": that the report was
 * sent, with its reference, instead of an empty form that looks as if nothing went (decision 0276).
 */
export function SentAlready({ receipt, onStartAgain }: { receipt: SentReceipt; onStartAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('reporting.sentAlready.title')}</Title>
        <Paper withBorder p="md" data-testid="sent-already">
          <Text>{t('reporting.sentAlready.body')}</Text>
          <Text fz={28} fw={700} style={{ letterSpacing: 2, overflowWrap: 'anywhere' }}>
            {receipt.reference}
          </Text>
        </Paper>
        <Group gap="lg">
          <Anchor
            component={Link}
            to={`/report/sent/${encodeURIComponent(receipt.reference)}`}
            underline="always"
          >
            {t('reporting.sentAlready.confirmation')}
          </Anchor>
          <Button variant="default" onClick={onStartAgain}>
            {t('reporting.sentAlready.another')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
