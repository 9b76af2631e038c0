import { Alert, Anchor, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import choice from '../../../components/form-renderer/NativeChoice.module.css';
import { nativeField } from '../../../components/form-renderer/NativeField.tsx';
import { translated } from '../../../components/form-renderer/translated.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReportingForms } from '../api/list-public-forms.ts';
import { usePublicReporting } from '../api/public-reporting.ts';

/**
 * /report: choose the form (side effect of a medicine, of a vaccine, as a professional).
 * Signed out, the report goes to the organisation the link names, else to the platform's one
 * regulator, else the reporter chooses (decision 0275).
 */
export function ReportStartPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('reporting.start.title'));
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const platformId = params.get('platformId');
  const named = params.get('organisation');
  const forms = useReportingForms(isAuthenticated, platformId);
  const reporting = usePublicReporting(!isAuthenticated, platformId, named);
  const candidates = reporting.data?.organisations ?? [];
  const chosen = params.get('choice');
  const mustChoose = !isAuthenticated && !named && candidates.length > 1;
  const organisation = named ?? (candidates.length === 1 ? candidates[0]!.id : mustChoose ? chosen : null);
  const closed = !isAuthenticated && reporting.data?.anonymousReports === false;
  const ready = isAuthenticated || (!closed && organisation !== null);
  // The form links keep the platform and the organisation the report goes to.
  const query = new URLSearchParams();
  if (platformId) query.set('platformId', platformId);
  if (organisation && !isAuthenticated) query.set('organisation', organisation);
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  // The choice stays in the address (a reload or Back keeps it), apart from a link's `organisation`.
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('choice', id);
    setParams(next, { replace: true });
  };
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
        {closed ? (
          <Alert color="blue" title={t('reporting.start.needsAccount')} data-testid="reporting-needs-account">
            <Stack gap="xs">
              <Text size="sm">{t('reporting.start.needsAccountBody')}</Text>
              <Anchor
                component={Link}
                to="/login"
                state={{ from: { pathname: '/report' } }}
                underline="always"
              >
                {t('reporting.start.signIn')}
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
        {mustChoose ? (
          <div role="radiogroup" aria-labelledby="destination-label" className={nativeField.field}>
            <div id="destination-label" className={nativeField.label}>
              {t('reporting.start.destination')}
            </div>
            <p className={nativeField.description}>{t('reporting.start.destinationHint')}</p>
            <div className={choice.list}>
              {candidates.map((o) => (
                <label key={o.id} className={choice.choice}>
                  <input
                    type="radio"
                    name="destination"
                    value={o.id}
                    checked={chosen === o.id}
                    onChange={() => choose(o.id)}
                  />
                  <span>{o.name}</span>
                </label>
              ))}
            </div>
          </div>
        ) : null}
        {forms.isPending || (!isAuthenticated && reporting.isPending) ? (
          <Loader aria-label={t('reporting.loading')} />
        ) : null}
        {forms.isError ? (
          <Alert color="red" title={t('reporting.start.noForms')}>
            {t('reporting.start.noFormsBody')}
          </Alert>
        ) : null}
        {forms.data && forms.data.length === 0 && !closed ? (
          <Alert color="gray" title={t('reporting.start.noForms')}>
            {t('reporting.start.noFormsBody')}
          </Alert>
        ) : null}
        {ready ? (
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
        ) : null}
      </Stack>
    </Container>
  );
}
