import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormVersionDefinition } from '@vigilo/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
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
import { medicineNames } from '../api/medicine-names.ts';
import { reporterAccount } from '../api/reporter-account.ts';
import { ownDraft } from '../api/resume-draft.ts';
import { saveDraft } from '../api/save-draft.ts';
import { completeDocument } from '../components/complete-document.ts';
import { forgetSaved, journeySteps, missingFiles, useJourneyState } from '../components/journey-state.ts';
import { MissingFiles } from '../components/MissingFiles.tsx';
import { prefillReporter, resumeStep } from '../components/resume.ts';
import { SentAlready } from '../components/SentAlready.tsx';
import { keepReceipt, lastSentWith, startAfresh } from '../components/sent-receipt.ts';
import { useRecipient } from '../components/use-recipient.ts';
import { useSendReport } from '../components/use-send-report.ts';

// The later steps load apart: the first page stays within the public form's budget. They are
// fetched once the reporter is past the first page, so a connection lost on the way does not
// stop the journey before "Send report" (decision 0277).
const loadCheckStep = () => import('../components/CheckStep.tsx');
const loadFilesStep = () => import('../components/FilesStep.tsx');
const CheckStep = lazy(() => loadCheckStep().then((m) => ({ default: m.CheckStep })));
const FilesStep = lazy(() => loadFilesStep().then((m) => ({ default: m.FilesStep })));

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
  const location = useLocation();
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  // `return=check`: the page was opened from a "Change" link and Continue goes back there.
  const returning = params.get('return') === 'check';
  const kept = new URLSearchParams(params);
  kept.delete('return');
  const search = kept.toString() ? `?${kept.toString()}` : '';
  const { state, update } = useJourneyState(formViewId, !isAuthenticated);
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const [saved, setSaved] = useState(false);
  const [sentBefore, setSentBefore] = useState(() => lastSentWith(formViewId));
  const language = definition.layout.languages.includes(i18n.language)
    ? i18n.language
    : (definition.layout.languages[0] ?? 'en');
  const fallback = definition.layout.languages[0] ?? 'en';
  const organisation = params.get('organisation') ?? state.organisationId ?? null;
  const recipient = useRecipient(isAuthenticated, params.get('platformId'), organisation);
  // Signed out, the receiving organisation's product names (signed in, the drug picker).
  const suggestMedicines = useMemo(
    () =>
      !isAuthenticated && organisation
        ? medicineNames(api, params.get('platformId'), organisation)
        : undefined,
    [api, isAuthenticated, organisation, params],
  );

  // A signed-in reporter's draft, from My reports or their latest of this form, on any device,
  // opened at the page it was saved on; "About you" filled from the account (decision 0279).
  const [resumed, setResumed] = useState(!isAuthenticated);
  const [prefilled, setPrefilled] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when signed in; the answers and step of that moment
  useEffect(() => {
    if (!isAuthenticated || resumed) return;
    let live = true;
    Promise.all([ownDraft(api, formViewId, params.get('draft')), reporterAccount(api)]).then(
      ([draft, account]) => {
        if (!live) return;
        const answers = draft ? (draft.report as Answers) : state.answers;
        const filled = account ? prefillReporter(definition, answers, account) : undefined;
        if (draft || filled) update({ answers: filled ?? answers, ...(draft ? { draftId: draft.id } : {}) });
        setPrefilled(filled !== undefined);
        setResumed(true);
        if (draft && !step) {
          const at = resumeStep(definition, answers, journeySteps(definition, answers));
          navigate(`/report/${formViewId}/${at}${search}`, { replace: true });
        }
      },
    );
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

  // A page's own problems, the minimum criteria it asks among them (at least one detail of
  // the patient on the patient's page): Continue checks them, not only Check answers.
  const pageErrors = useMemo(
    () =>
      section
        ? formErrors(definition, state.answers, t, { language }).filter((e) => e.sectionId === section.id)
        : [],
    [definition, state.answers, t, language, section],
  );
  const shownErrors = attempted ? pageErrors : pageErrors.filter((e) => touched.has(e.pointer));
  useDocumentTitle(title, attempted && pageErrors.length > 0);

  // Each new page moves the focus to its heading (or to the field a "Change" link names), so a
  // screen reader starts there and the keyboard does not stay on the last page's button.
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (step or field) changes
  useEffect(() => {
    if (first.current && !location.hash) {
      first.current = false;
      return;
    }
    first.current = false;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    (target ?? heading.current)?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  }, [current, location.hash, resumed]);

  const pastFirst = index > 0;
  useEffect(() => {
    if (!pastFirst) return;
    void loadCheckStep();
    void loadFilesStep();
    void import('../api/submit-report.ts');
  }, [pastFirst]);

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
  const sender = useSendReport({
    versionId,
    organisation,
    state,
    update,
    files,
    signedIn: isAuthenticated,
    onSent: (report, answers) => {
      forgetSaved(formViewId);
      keepReceipt({
        reference: report.reference,
        formViewId,
        answers,
        email: recipient.email(answers),
        organisation: recipient.organisation(report.organisationId),
        files: files.map((f) => f.name),
        sentAt: new Date().toISOString(),
      });
      navigate(`/report/sent/${encodeURIComponent(report.reference)}`, { replace: true });
    },
  });

  if (!resumed) return <Loader aria-label={t('reporting.loading')} />;
  // Back from "Report sent": say it was sent, rather than an empty form (decision 0276).
  if (sentBefore && Object.keys(state.answers).length === 0)
    return (
      <SentAlready
        receipt={sentBefore}
        onStartAgain={() => {
          startAfresh(formViewId);
          setSentBefore(undefined);
          navigate(`/report/${formViewId}${search}`, { replace: true });
        }}
      />
    );
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
    go(returning ? 'check' : steps[index + 1]!);
  };
  const formTitle = translated(definition.layout.title, language, fallback);
  const missing = missingFiles(state.fileNames, files);
  const changeFiles = (next: File[], stillMissing: string[]) => {
    setFiles(next);
    update({ fileNames: [...next.map((f) => f.name), ...stillMissing] });
  };
  const back = returning
    ? `/report/${formViewId}/check${search}`
    : index > 0
      ? `/report/${formViewId}/${steps[index - 1]}${search}`
      : `/report${search}`;

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to={back}>
          {t('reporting.journey.back')}
        </Anchor>
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
          <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
        </Stack>
        {prefilled && section?.questions.some((q) => q.field.startsWith('C.primarySources[].')) ? (
          <Alert color="blue" role="status" data-testid="prefilled">
            {t('reporting.journey.prefilled')}
          </Alert>
        ) : null}
        {index === 0 && definition.layout.description ? (
          <Text size="lg">{translated(definition.layout.description, language, fallback)}</Text>
        ) : null}
        {missing.length > 0 && (current === 'files' || current === 'check') ? (
          <MissingFiles
            names={missing}
            filesPage={current === 'check' ? `/report/${formViewId}/files${search}` : null}
            onSendWithout={() => update({ fileNames: files.map((f) => f.name) })}
          />
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
                suggestMedicines={suggestMedicines}
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
              <FilesStep
                files={files}
                onAdd={(picked) => {
                  const next = [...files, ...picked];
                  changeFiles(next, missingFiles(state.fileNames, next));
                }}
                onRemove={(i) =>
                  changeFiles(
                    files.filter((_, j) => j !== i),
                    missing,
                  )
                }
              />
            </Suspense>
            <Group>
              <Button size="md" onClick={() => go('check')}>
                {t('reporting.journey.continue')}
              </Button>
            </Group>
          </Stack>
        ) : null}

        {current === 'check' ? (
          <Suspense fallback={<Loader aria-label={t('reporting.loading')} />}>
            <CheckStep
              definition={definition}
              answers={state.answers}
              language={language}
              steps={steps}
              files={files}
              sectionPage={(sectionId) => `/report/${formViewId}/${sectionId ?? steps[0]}${search}`}
              changeTo={(sectionId, id) =>
                `/report/${formViewId}/${sectionId}${search ? `${search}&` : '?'}return=check#${id}`
              }
              sender={sender}
            />
          </Suspense>
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
