import { Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicReporting } from '../api/public-reporting.ts';
import { START_GREEN } from '../components/start-green.ts';
import { useLandingTexts } from '../texts/landing/use-landing-texts.ts';

/**
 * `/` signed out (decision 0275): reporting a side effect is the main action, as on the MHRA's
 * Yellow Card; signing in comes second. Where the platform takes no report without an account,
 * the page says so and how to report instead.
 */
export function LandingPage() {
  useLandingTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('landing.title'));
  const [params] = useSearchParams();
  const reporting = usePublicReporting(true, params.get('platformId'), null);
  const closed = reporting.data?.anonymousReports === false;
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('landing.title')}</Title>
        <Text size="lg">{t('landing.lead')}</Text>
        <Text>{t('landing.who')}</Text>
        {reporting.isPending ? (
          <Loader aria-label={t('reporting.loading')} />
        ) : closed ? (
          <Stack gap="sm" align="flex-start" data-testid="reporting-needs-account">
            <Text>{t('landing.needsAccount')}</Text>
            <Button
              component={Link}
              to="/login"
              size="lg"
              color={START_GREEN}
              state={{ from: { pathname: '/report' } }}
            >
              {t('landing.signInToReport')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Button
              component={Link}
              to={
                params.get('platformId')
                  ? `/report?platformId=${encodeURIComponent(params.get('platformId')!)}`
                  : '/report'
              }
              size="lg"
              color={START_GREEN}
              rightSection={<IconArrowRight size={22} aria-hidden />}
              styles={{
                root: { height: 'auto', paddingBlock: 12 },
                label: { whiteSpace: 'normal', fontSize: 22 },
              }}
            >
              {t('landing.start')}
            </Button>
            <Text c="dimmed">{t('landing.noAccount')}</Text>
          </Stack>
        )}

        <Title order={2} size="h3" mt="md">
          {t('landing.accountTitle')}
        </Title>
        <Text>{t('landing.accountLead')}</Text>
        <Group gap="lg">
          <Anchor component={Link} to="/login" underline="always" fw={600}>
            {t('landing.signIn')}
          </Anchor>
          <Anchor component={Link} to="/register" underline="always">
            {t('landing.requestAccount')}
          </Anchor>
        </Group>

        <Title order={2} size="h3" mt="md">
          {t('landing.urgentTitle')}
        </Title>
        <Text>{t('landing.urgent')}</Text>
      </Stack>
    </Container>
  );
}
