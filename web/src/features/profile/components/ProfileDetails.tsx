import { DataList, Paper, Title, useMatches } from '@mantine/core';
import type { User } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { accountTypeLabel, languageLabel } from '../../../lib/labels.ts';

/** The user's own details as a description list. */
export function ProfileDetails({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  // Label beside value where there is room, above it on phones.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const notProvided = t('common.notProvided');
  const rows: { label: string; value: string }[] = [
    { label: t('profile.fields.name'), value: `${user.firstName} ${user.lastName}`.trim() || notProvided },
    { label: t('profile.fields.email'), value: user.email },
    { label: t('profile.fields.username'), value: user.username ?? notProvided },
    { label: t('profile.fields.platform'), value: user.platformName },
    {
      label: t('profile.fields.language'),
      value: user.language ? languageLabel(user.language, i18n.language) : notProvided,
    },
    {
      label: t('profile.fields.accountType'),
      value: accountTypeLabel(t, user.accountType),
    },
  ];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="profile-details-title">
      <Title order={2} size="h3" id="profile-details-title" mb="md">
        {t('profile.detailsTitle')}
      </Title>
      <DataList withDivider labelWidth="12rem" orientation={orientation} style={{ overflowWrap: 'anywhere' }}>
        {rows.map((row) => (
          <DataList.Item key={row.label}>
            <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
            <DataList.ItemValue>{row.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}
