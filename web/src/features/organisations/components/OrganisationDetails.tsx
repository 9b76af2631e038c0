import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Organisation } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/** The organisation's details as a description list. */
export function OrganisationDetails({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    ['name', o.name],
    ['kind', t(`organisations.kinds.${o.kind}`, { defaultValue: o.kind })],
    ['country', o.country],
    ['email', o.email],
    ['phone', o.phone],
    ['website', o.website],
    ['address', o.address || null],
    ['description', o.description || null],
    ['locationProvider', o.locationProvider],
    ['timeZone', o.timeZone],
  ];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-details-title">
      <Title order={2} size="h3" id="org-details-title" mb="sm">
        {t('organisations.detail.details')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
        {rows.map(([key, value]) => (
          <div key={key}>
            <Text component="dt" fw={600} size="sm">
              {t(`organisations.detail.fields.${key}`)}
            </Text>
            <Text component="dd" m={0}>
              {value ?? t('common.notProvided')}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
