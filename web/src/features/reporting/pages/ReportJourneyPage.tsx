import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormVersionDefinition } from '@vigilo/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  type Answers,
  errorsByPointer,
  FormRenderer,
  fieldId,
  formErrors,
  translated,
} from '../../../components/form-renderer/index.ts';
import { ErrorSummary } from '../../../components/ui/ErrorSummary.tsx';
import { useApi } from '../../../lib/api-context.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReportingForm } from '../api/get-reporting-form.ts';
import { ownDraft } from '../api/resume-draft.ts';
import { saveDraft } from '../api/save-draft.ts';
import { completeDocument } from '../components/complete-document.ts';
import { forgetSaved, journeySteps, useJourneyState } from '../components/journey-state.ts';

// The later steps load when reached: the first page stays within the public form's budget.
const CheckAnswers = lazy(() =>
  import('../components/CheckAnswers.tsx').then((m) => ({ default: m.CheckAnswers })),
);
const FilesStep = lazy(() => import('../components/FilesStep.tsx').then((m) => ({ default: m.FilesStep })));

/** /report/:formViewId/:step? — the journey: one page per section, files, check, send. */
export function ReportJourneyPage() {
  const { formViewId = '', step } = useParams();
  const form = useReportingForm(formViewId);
  const { t } = useTranslation();
  if (form.isPending)
    return (
      <Container size="sm" px={0}>
        <Loader aria-label={t('reporting.loading')} />
      </Container>
    );
  const version = form.data?.published;
  if (form.isError || !version)
    return (
      <Container size="sm" px={0}>
        <Alert color="red" title={t('reporting.journey.notFound')}>
          <Anchor component={Link} to="/report">
            {t('reporting.journey.backToStart')}
          </Anchor>
        </Alert>
      </Container>
    );
  return (
    <Journey formViewId={formViewId} versionId={version.id} definition={version.definition} step={step} />
  );
}

function Journey({
  formViewId,
  versionId,
  definition,
  step,
}: {
  formViewId: string;
  versionId: string;
  definition: FormVersionDefinition;
  step: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const search = params.toString() ? `?${params.toString()}` : '';
  const { state, update } = useJourneyState(formViewId, !isAuthenticated);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const [saved, setSaved] = useState(false);
  const language = definition.layout.languages.includes(i18n.language)
    ? i18n.language
    : (definition.layout.languages[0] ?? 'en');
  const fallback = definition.layout.languages[0] ?? 'en';
  const organisation = params.get('organisation') ?? state.organisationId;

  // A signed-in reporter's draft, from My reports or their latest of this form, on any device.
  const [resumed, setResumed] = useState(!isAuthenticated);
  useEffect(() => {
    if (!isAuthenticated || resumed) return;
    let live = true;
    ownDraft(api, formViewId, params.get('draft')).then((draft) => {
      if (!live) return;
      if (draft) update({ answers: draft.report as Answers, draftId: draft.id });
      setResumed(true);
    });
    return () => {
      live = false;
    };
  }, [api, formViewId, isAuthenticated, params, resumed, update]);

  const steps = journeySteps(definition, state.answers);
  const current = step ?? steps[0]!;
  const index = steps.indexOf(current);
  const section = definition.layout.sections.find((s) => s.id === current);
  const title = section
    ? translated(section.title, language, fallback)
    : current === 'files'
      ? t('reporting.files.title')
      : t('reporting.check.title');

  const pageErrors = useMemo(
    () =>
      section
        ? formErrors(definition, state.answers, t, { language, minimumCriteria: false }).filter(
            (e) => e.sectionId === section.id,
          )
        : [],
    [definition, state.answers, t, language, section],
  );
  const allErrors = useMemo(
    () => formErrors(definition, state.answers, t, { language }),
    [definition, state.answers, t, language],
  );
  const shownErrors = attempted ? pageErrors : pageErrors.filter((e) => touched.has(e.pointer));
  useDocumentTitle(title, attempted && pageErrors.length > 0);

  const save = useMutation({
    mutationFn: () =>
      saveDraft(
        api,
        state.draftId ?? null,
        { formViewVersionId: versionId, ...(organisation ? { organisationId: organisation } : {}) },
        completeDocument(state.answers),
      ),
    onSuccess: (report) => {
      update({ draftId: report.id, answers: report.report as Answers });
      setSaved(true);
    },
  });
  const sending = useRef(false);
  const send = useMutation({
    mutationFn: async () => {
      // The ids given now are kept, so a retry sends the same body under the same key.
      const report = completeDocument(state.answers);
      update({ answers: report });
      const { submitReport } = await import('../api/submit-report.ts');
      return submitReport(api, {
        formViewVersionId: versionId,
        ...(organisation ? { organisationId: organisation } : {}),
        report,
        files,
        idempotencyKey: state.idempotencyKey,
        draftId: state.draftId ?? null,
        signedIn: isAuthenticated,
        onProgress: setProgress,
      });
    },
    onSuccess: (report) => {
      forgetSaved(formViewId);
      navigate(`/report/sent/${encodeURIComponent(report.reference)}`, { replace: true });
    },
    onSettled: () => {
      setProgress(null);
      sending.current = false;
    },
  });

  if (!resumed) return <Loader aria-label={t('reporting.loading')} />;
  if (index === -1) return <Navigate to={`/report/${formViewId}${search}`} replace />;

  const go = (to: string) => {
    setAttempted(false);
    setTouched(new Set());
    setSaved(false);
    navigate(`/report/${formViewId}/${to}${search}`);
    window.scrollTo?.(0, 0);
  };
  const next = () => {
    if (pageErrors.length > 0) {
      setAttempted(true);
      setFocusKey((k) => k + 1);
      return;
    }
    go(steps[index + 1]!);
  };
  const formTitle = translated(definition.layout.title, language, fallback);

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        {index > 0 ? (
          <Anchor component={Link} to={`/report/${formViewId}/${steps[index - 1]}${search}`}>
            {t('reporting.journey.back')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={`/report${search}`}>
            {t('reporting.journey.back')}
          </Anchor>
        )}
        <ErrorSummary
          title={t('reporting.journey.problem')}
          errors={
            attempted ? pageErrors.map((e) => ({ fieldId: fieldId(e.pointer), message: e.message })) : []
          }
          focusKey={focusKey}
        />
        <Stack gap={4}>
          <Text c="dimmed" size="lg" data-testid="step-progress">
            {t('reporting.journey.step', { number: index + 1, total: steps.length })} · {formTitle}
          </Text>
          <Title order={1}>{title}</Title>
        </Stack>
        {index === 0 && definition.layout.description ? (
          <Text size="lg">{translated(definition.layout.description, language, fallback)}</Text>
        ) : null}

        {section ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <Stack gap="xl">
              <FormRenderer
                definition={definition}
                answers={state.answers}
                onChange={(answers) =>
                  update({ answers, ...(organisation ? { organisationId: organisation } : {}) })
                }
                language={language}
                sectionId={section.id}
                errors={errorsByPointer(shownErrors)}
                onBlur={(pointer) => setTouched((s) => (s.has(pointer) ? s : new Set(s).add(pointer)))}
                headings={0}
              />
              <Group>
                <Button type="submit" size="md">
                  {t('reporting.journey.continue')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}

        {current === 'files' ? (
          <Stack gap="xl">
            <Suspense fallback={<Loader aria-label={t('reporting.loading')} />}>
              <FilesStep files={files} onChange={setFiles} />
            </Suspense>
            <Group>
              <Button size="md" onClick={() => go('check')}>
                {t('reporting.journey.continue')}
              </Button>
            </Group>
          </Stack>
        ) : null}

        {current === 'check' ? (
          <Stack gap="xl">
            {allErrors.length > 0 ? (
              <Alert
                color="red"
                variant="outline"
                title={t('reporting.check.incomplete')}
                data-testid="check-problems"
              >
                <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {allErrors.map((e) => (
                    <li key={e.pointer + e.message}>
                      <Anchor
                        component={Link}
                        to={`/report/${formViewId}/${e.sectionId ?? steps[0]}${search}`}
                        fw={600}
                        underline="always"
                        c="var(--mantine-color-error)"
                      >
                        {e.message}
                      </Anchor>
                    </li>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            <Suspense fallback={<Loader aria-label={t('reporting.loading')} />}>
              <CheckAnswers
                definition={definition}
                answers={state.answers}
                language={language}
                formViewId={formViewId}
                search={search}
                steps={steps}
              />
            </Suspense>
            {files.length > 0 ? (
              <Text>
                {t('reporting.check.files', {
                  count: files.length,
                  names: files.map((f) => f.name).join(', '),
                })}
              </Text>
            ) : null}
            <Title order={2} size="h3">
              {t('reporting.check.sendTitle')}
            </Title>
            <Text>{t('reporting.check.sendLead')}</Text>
            {send.isError ? (
              <Alert color="red" title={t('reporting.check.notSent')} role="alert">
                {apiErrorMessage(send.error, t)}
              </Alert>
            ) : null}
            {progress !== null && files.length > 0 ? (
              <Text aria-live="polite" data-testid="upload-progress">
                {t('reporting.files.progress', { percent: Math.round(progress * 100) })}
              </Text>
            ) : null}
            <Group>
              <Button
                size="md"
                color="#00703c"
                loading={send.isPending}
                disabled={allErrors.length > 0}
                onClick={() => {
                  // A second click while the first is on its way sends nothing more; a retry
                  // after a failure sends the same Idempotency-Key.
                  if (sending.current) return;
                  sending.current = true;
                  send.mutate();
                }}
              >
                {t('reporting.check.send')}
              </Button>
            </Group>
          </Stack>
        ) : null}

        <Stack gap="xs" mt="md">
          {isAuthenticated ? (
            <>
              <Group>
                <Button variant="default" loading={save.isPending} onClick={() => save.mutate()}>
                  {t('reporting.journey.saveForLater')}
                </Button>
              </Group>
              {saved ? (
                <Text role="status">
                  {t('reporting.journey.savedOnServer')}{' '}
                  <Anchor component={Link} to="/my-reports">
                    {t('reporting.start.myReports')}
                  </Anchor>
                </Text>
              ) : null}
              {save.isError ? <Text c="red">{apiErrorMessage(save.error, t)}</Text> : null}
            </>
          ) : (
            <Text size="sm" c="dimmed" data-testid="saved-on-device">
              {t('reporting.journey.savedOnDevice')}
            </Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
