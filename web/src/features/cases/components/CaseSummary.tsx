import { SimpleGrid, Text } from '@mantine/core';
import type { ReportCase } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates.ts';
import { countryName } from '../case-document/words.ts';
import { Section } from './CaseSection.tsx';

/** What the case is as a record: its reference, version, day zero, seriousness and country. */
export function CaseSummary({ found }: { found: ReportCase }) {
  const { t, i18n } = useTranslation();
  const none = t('casesView.case.none');
  const rows: [string, string][] = [
    [t('casesView.case.fields.reference'), found.reference],
    [t('casesView.case.fields.version'), String(found.reportVersion)],
    [
      t('casesView.case.fields.receiptDate'),
      found.receiptDate ? formatDay(found.receiptDate, i18n.language) : none,
    ],
    [t('casesView.case.fields.serious'), found.serious ? t('casesView.case.yes') : t('casesView.case.no')],
    [t('casesView.case.fields.country'), found.country ? countryName(found.country, i18n.language) : none],
  ];
  return (
    <Section title={t('casesView.case.sections.report')}>
      {/* A <dl> holds only <div> groups of <dt> and <dd> (axe: definition-list, dlitem). */}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Section>
  );
}
