import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReportCase } from '@vigilo/contract';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Loading } from '../../../components/ui/Loading.tsx';
import { UnsavedChangesGuard } from '../../../components/ui/UnsavedChangesGuard.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { fieldAnchor, useFieldFocus } from '../../../lib/case-fields.ts';
import { readStaleWrite } from '../../../lib/stale-write.ts';
import { useSaveCaseDocument } from '../api/save-case-document.ts';
import { BLOCKS } from '../case-document/blocks.ts';
import { setAt } from '../case-document/paths.ts';
import { useCaseDocumentTexts } from '../case-document/texts/use-case-document-texts.ts';
import { useCaseWords } from '../case-document/words.ts';
import { DrugReactions } from './DrugReactions.tsx';
import { FindingsSummary } from './FindingsSummary.tsx';
import { FormNodes } from './FormNodes.tsx';
import { CaseFormContext, type CaseFormState } from './form-state.ts';
import { type Flat, flatten, leavesMerged, useStaleLabels } from './stale.ts';
import { useDraftFindings } from './use-draft-findings.ts';

// Drawn only when a save meets a newer version (412): its table loads then, not with the form (decision 0326).
const StaleWriteNotice = lazy(() =>
  import('../../../components/ui/StaleWriteNotice.tsx').then((m) => ({ default: m.StaleWriteNotice })),
);

type Doc = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Leaving the form: another page, another tab, or the address without `edit=1`. */
const leavesForm = (current: { pathname: string }, next: { pathname: string; search: string }) => {
  const params = new URLSearchParams(next.search);
  return (
    current.pathname !== next.pathname ||
    params.get('edit') !== '1' ||
    (params.get('tab') ?? 'case') !== 'case'
  );
};

/**
 * The case form (issue 24 §2, decision 0262): the case document by E2B(R3) block, drawn from the
 * blocks' description (blocks.ts) by one field renderer. Save writes a new version of the case
 * with `If-Match` (a colleague's save meanwhile answers 412: the shared stale-write notice);
 * the draft's findings for the default receiver's profile are shown beside each field as the
 * user types; leaving with unsaved changes asks first.
 */
export function CaseForm({ found, onDone }: { found: ReportCase; onDone: (savedVersion?: number) => void }) {
  useCaseDocumentTexts();
  const words = useCaseWords();
  const [opened, setOpened] = useState<{ doc: Doc; version: number }>({
    doc: found.report as Doc,
    version: found.version,
  });
  const [draft, setDraft] = useState<Doc>(found.report as Doc);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && !same(draft, opened.doc);
  const save = useSaveCaseDocument({ ...found, version: opened.version });
  const stale = readStaleWrite<{ report: Doc; version: number }>(save.error);
  const check = useDraftFindings(found.id, draft);
  const labels = useStaleLabels();
  useFieldFocus(true);

  const change = useCallback((path: string, value: unknown) => setDraft((d) => setAt(d, path, value)), []);
  const update = useCallback((edit: (d: unknown) => unknown) => setDraft((d) => edit(d) as Doc), []);
  const state = useMemo<CaseFormState>(
    () => ({
      draft,
      change,
      update,
      findingsAt: check.findingsAt,
      disabled: save.isPending,
      language: words.language,
    }),
    [draft, change, update, check.findingsAt, save.isPending, words.language],
  );

  const store = (doc: Doc) =>
    save.mutate(doc, {
      onSuccess: (updated) => {
        setSaved(true);
        onDone(updated.reportVersion);
      },
    });
  const differences = stale ? labels.differences(opened.doc, stale.current.report, draft) : [];
  const keepMine = () => {
    if (!stale) return;
    const merged = leavesMerged(flatten(opened.doc) as Flat, flatten(stale.current.report), flatten(draft));
    setOpened({ doc: stale.current.report, version: stale.currentVersion });
    setDraft(merged);
    save.reset();
  };
  const useTheirs = () => {
    if (!stale) return;
    setOpened({ doc: stale.current.report, version: stale.currentVersion });
    setDraft(stale.current.report);
    save.reset();
  };

  return (
    <CaseFormContext.Provider value={state}>
      <UnsavedChangesGuard dirty={dirty} leaves={leavesForm} lead={words.t('caseDoc.form.leaveLead')} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          store(draft);
        }}
      >
        <Stack gap="md">
          <Paper withBorder p="md" aria-labelledby="case-form-title" component="section">
            <Title order={2} size="h4" id="case-form-title" mb={4}>
              {words.t('caseDoc.form.title')}
            </Title>
            <Text size="sm" mb="sm">
              {words.t('caseDoc.form.lead')}
            </Text>
            <FindingsSummary check={check} />
          </Paper>
          {stale ? (
            <Suspense fallback={<Loading />}>
              <StaleWriteNotice
                differences={differences}
                label={labels.label}
                format={labels.format}
                onKeepMine={keepMine}
                onUseTheirs={useTheirs}
              />
            </Suspense>
          ) : save.isError ? (
            <Alert color="red" title={words.t('caseDoc.form.saveFailed')} role="alert">
              {apiErrorMessage(save.error, words.t)}
            </Alert>
          ) : null}
          {BLOCKS.map((block) => {
            const title = words.t(`caseDoc.blocks.${block.id}`);
            return (
              <Paper
                key={block.id}
                withBorder
                p="md"
                component="section"
                aria-labelledby={`${fieldAnchor(block.id)}-heading`}
                id={fieldAnchor(block.id)}
              >
                <Title order={2} size="h4" mb="sm" id={`${fieldAnchor(block.id)}-heading`}>
                  {title}
                </Title>
                <FormNodes
                  nodes={block.children}
                  base={block.id}
                  order={3}
                  after={(list, item) => (list === 'G.drugs' ? <DrugReactions drugPath={item} /> : null)}
                />
              </Paper>
            );
          })}
          <Paper withBorder p="md" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" aria-live="polite">
                {dirty ? words.t('caseDoc.form.unsaved') : words.t('caseDoc.form.noChanges')}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => onDone()} disabled={save.isPending}>
                  {words.t('caseDoc.form.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} disabled={!dirty}>
                  {words.t('caseDoc.form.save')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </CaseFormContext.Provider>
  );
}
