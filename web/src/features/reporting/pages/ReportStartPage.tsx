import { Alert, Anchor, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translated } from '../../../components/form-renderer/translated.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReportingForms } from '../api/list-public-forms.ts';

/** /report: choose the form (side effect of a medicine, of a vaccine, as a professional). */
export function ReportStartPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('reporting.start.title'));
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const forms = useReportingForms(isAuthenticated, params.get('platformId'));
  // The link a member of the public follows names the organisation their report goes to.
  const organisation = params.get('organisation');
  const suffix = organisation ? `?organisation=${encodeURIComponent(organisation)}` : '';
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('reporting.start.title')}</Title>
        <Text size="lg">{t('reporting.start.lead')}</Text>
        <Text>{t('reporting.start.notSure')}</Text>
        {isAuthenticated ? (
          <Anchor component={Link} to="/my-reports">
            {t('reporting.start.myReports')}
          </Anchor>
        ) : (
          <Text>{t('reporting.start.signedOut')}</Text>
        )}
        {forms.isPending ? <Loader aria-label={t('reporting.loading')} /> : null}
        {forms.isError ? (
          <Alert color="red" title={t('reporting.start.noForms')}>
            {t('reporting.start.noFormsBody')}
          </Alert>
        ) : null}
        {forms.data && forms.data.length === 0 ? (
          <Alert color="gray" title={t('reporting.start.noForms')}>
            {t('reporting.start.noFormsBody')}
          </Alert>
        ) : null}
        <Stack gap="md" component="ul" p={0} style={{ listStyle: 'none' }}>
          {forms.data?.map((view) => {
            const layout = view.published?.definition.layout ?? view.layout;
            const fallback = layout.languages[0] ?? 'en';
            return (
              <li key={view.id}>
                <Stack gap={4}>
                  <Button
                    component={Link}
                    to={`/report/${view.id}${suffix}`}
                    size="md"
                    variant="filled"
                    styles={{ root: { height: 'auto', paddingBlock: 10 }, label: { whiteSpace: 'normal' } }}
                  >
                    {translated(layout.title, i18n.language, fallback)}
                  </Button>
                  {view.audience === 'professional' ? (
                    <Text size="sm" c="dimmed">
                      {t('reporting.start.forProfessionals')}
                    </Text>
                  ) : null}
                </Stack>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Container>
  );
}
