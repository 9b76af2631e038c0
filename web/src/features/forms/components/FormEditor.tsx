import { Alert, Badge, Button, Grid, Group, List, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import type { FormSchema, FormView } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { StaleWriteNotice } from '../../../components/ui/StaleWriteNotice.tsx';
import { UnsavedChangesGuard } from '../../../components/ui/UnsavedChangesGuard.tsx';
import { useApi } from '../../../lib/api-context.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { mergeMine, readStaleWrite, staleDifferences } from '../../../lib/stale-write.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { exportZip, saveFile } from '../api/form-zip.ts';
import { useFormVersions } from '../api/list-versions.ts';
import { useUpdateSchema, useUpdateView } from '../api/save-form.ts';
import { ConditionsEditor } from './ConditionsEditor.tsx';
import { conditionProblem } from './condition-words.ts';
import { draftOf, type FormDraft, missingTranslations, previewDefinition, sameDraft } from './draft.ts';
import { FormPreview } from './FormPreview.tsx';
import { ImportZipDialog } from './ImportZipDialog.tsx';
import { LanguagesEditor } from './LanguagesEditor.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { SectionsEditor } from './SectionsEditor.tsx';
import { VersionsList } from './VersionsList.tsx';

interface Props {
  view: FormView;
  schema: FormSchema;
  /** False for a platform form seen by an organisation's administrator: shown, not changed. */
  canEdit: boolean;
}

/** Problems the editor finds before saving: every one at once, each linked to its input. */
function draftProblems(draft: FormDraft, t: TFunction): FieldErrorItem[] {
  const problems: FieldErrorItem[] = [];
  const empty = (value: Record<string, string> | undefined) =>
    !value || Object.values(value).every((text) => text.trim() === '');
  if (empty(draft.layout.title))
    problems.push({ fieldId: 'form-title', message: t('forms.editor.errors.formTitle') });
  for (const section of draft.layout.sections) {
    if (empty(section.title))
      problems.push({
        fieldId: `section-${section.id}-title`,
        message: t('forms.editor.errors.sectionTitle'),
      });
    for (const q of section.questions)
      if (empty(q.label))
        problems.push({
          fieldId: `question-${q.field.replace(/[^A-Za-z0-9]+/g, '-')}-label`,
          message: t('forms.editor.errors.label', { field: q.field }),
        });
  }
  if (draft.layout.sections.length === 0)
    problems.push({ fieldId: 'new-section-title', message: t('forms.editor.errors.noSection') });
  const asked = draft.layout.sections.flatMap((s) => s.questions.map((q) => q.field));
  draft.conditions.forEach((condition, index) => {
    const problem = conditionProblem(condition.when, asked, t);
    if (problem && !problem.warning)
      problems.push({
        fieldId: `condition-${index}-when`,
        message: t('forms.editor.errors.condition', { number: index + 1, problem: problem.message }),
      });
    if (condition.targets.length === 0)
      problems.push({
        fieldId: `condition-${index}-targets`,
        message: t('forms.editor.errors.conditionTarget', { number: index + 1 }),
      });
  });
  return problems;
}

/**
 * The form editor: sections and questions, translations, conditions, with the draft shown
 * beside as the reporter will see it. Nothing is sent until "Save"; leaving with unsaved
 * changes asks first; a save over someone else's newer save is refused and shown (0049).
 */
export function FormEditor({ view, schema, canEdit }: Props) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [viewBase, setViewBase] = useState(view);
  const [schemaBase, setSchemaBase] = useState(schema);
  const saved0 = useMemo(() => draftOf(viewBase, schemaBase), [viewBase, schemaBase]);
  const [draft, setDraft] = useState<FormDraft>(saved0);
  const current = draft;
  const [language, setLanguage] = useState(
    view.layout.languages.includes(i18n.language) ? i18n.language : (view.layout.languages[0] ?? 'en'),
  );
  const [problems, setProblems] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  // A key, not a sentence: the message follows a change of language.
  const [message, setMessage] = useState<{ key: string; number?: number } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const updateView = useUpdateView(view.id);
  const updateSchema = useUpdateSchema(schema.id);
  // What publishing now would change: the "not published yet" badge (administrators only).
  const versions = useFormVersions(view.id, { enabled: canEdit });
  const unpublished = (versions.data?.draftChanges.length ?? 0) > 0;
  const dirty = !sameDraft(draft, saved0);
  const readOnly = !canEdit;
  useDocumentTitle(view.name, problems.length > 0);

  // A reload of the view from elsewhere (publish, import) becomes the new base when nothing is unsaved.
  useEffect(() => {
    if (view.version !== viewBase.version && !dirty) {
      setViewBase(view);
      setDraft(draftOf(view, schemaBase));
    }
  }, [view, viewBase.version, dirty, schemaBase]);
  useEffect(() => {
    if (schema.version !== schemaBase.version && !dirty) {
      setSchemaBase(schema);
      setDraft(draftOf(viewBase, schema));
    }
  }, [schema, schemaBase.version, dirty, viewBase]);

  const definition = useMemo(
    () => previewDefinition(viewBase, schemaBase, draft),
    [viewBase, schemaBase, draft],
  );
  const savedDefinition = useMemo(
    () => previewDefinition(viewBase, schemaBase, saved0),
    [viewBase, schemaBase, saved0],
  );

  const viewStale = readStaleWrite<FormView>(updateView.error);
  const schemaStale = readStaleWrite<FormSchema>(updateSchema.error);

  async function save(
    from: { view: FormView; schema: FormSchema } = { view: viewBase, schema: schemaBase },
    draft: FormDraft = current,
  ) {
    setMessage(null);
    const found = draftProblems(draft, t);
    setProblems(found);
    setSubmits((n) => n + 1);
    if (found.length > 0) return;
    const base = draftOf(from.view, from.schema);
    try {
      let savedSchema = from.schema;
      if (!sameDraft(draft.fields, base.fields)) {
        savedSchema = await updateSchema.mutateAsync({
          body: { fields: draft.fields },
          version: from.schema.version,
        });
        setSchemaBase(savedSchema);
      }
      let savedView = from.view;
      if (!sameDraft([draft.layout, draft.conditions], [base.layout, base.conditions])) {
        savedView = await updateView.mutateAsync({
          body: { layout: draft.layout, conditions: draft.conditions },
          version: from.view.version,
        });
        setViewBase({ ...from.view, ...savedView });
      }
      setDraft(draftOf(savedView, savedSchema));
      setMessage({ key: 'forms.editor.saved' });
    } catch {
      // Shown from the mutations' state (stale write, refusal).
    }
  }

  const missing = draft.layout.languages
    .map((l) => ({ language: l, count: missingTranslations(draft.layout, l) }))
    .filter((m) => m.count > 0);
  const status = viewBase.publishedVersionNumber
    ? t('forms.list.published', { number: viewBase.publishedVersionNumber })
    : t('forms.list.neverPublished');

  return (
    <>
      <PageHeader
        title={view.name}
        lead={t('forms.editor.lead', {
          audience: t(`forms.audiences.${view.audience}`),
          type: t(`forms.reportTypes.${view.reportType}`),
          date: formatDateTime(viewBase.updatedAt, i18n.language),
        })}
      />
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color={viewBase.publishedVersionNumber ? 'green' : 'gray'}>
            {status}
          </Badge>
          {unpublished ? (
            <Badge variant="light" color="blue" data-testid="unpublished">
              {t('forms.editor.unpublished')}
            </Badge>
          ) : null}
          {dirty ? (
            <Badge variant="light" color="orange" data-testid="unsaved">
              {t('forms.editor.unsaved')}
            </Badge>
          ) : null}
        </Group>
        {readOnly ? <Alert color="blue">{t('forms.editor.readOnly')}</Alert> : null}
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={problems} focusKey={submits} />
        {message ? (
          <Alert color="green" role="status">
            {t(message.key, { number: message.number })}
          </Alert>
        ) : null}
        {viewStale ? (
          <StaleWriteNotice
            differences={staleDifferences(
              { layout: viewBase.layout, conditions: viewBase.conditions },
              { layout: viewStale.current.layout, conditions: viewStale.current.conditions },
              { layout: draft.layout, conditions: draft.conditions },
            )}
            label={(key) => t(`forms.stale.${key}`)}
            format={(key, value) =>
              key === 'layout'
                ? t('forms.stale.sectionsCount', { count: (value as FormView['layout']).sections.length })
                : t('forms.stale.conditionsCount', { count: (value as unknown[]).length })
            }
            pending={updateView.isPending}
            onKeepMine={() => {
              const mine = { layout: draft.layout, conditions: draft.conditions };
              const merged = mergeMine(
                { layout: viewBase.layout, conditions: viewBase.conditions },
                viewStale.current,
                mine,
              );
              const theirs = viewStale.current;
              const next = { ...draft, ...merged };
              setViewBase(theirs);
              setDraft(next);
              updateView.reset();
              void save({ view: theirs, schema: schemaBase }, next);
            }}
            onUseTheirs={() => {
              setViewBase(viewStale.current);
              setDraft({
                ...draft,
                layout: viewStale.current.layout,
                conditions: viewStale.current.conditions,
              });
              updateView.reset();
            }}
          />
        ) : updateView.isError ? (
          <Alert color="red">{apiErrorMessage(updateView.error, t)}</Alert>
        ) : null}
        {schemaStale ? (
          <StaleWriteNotice
            differences={staleDifferences(
              { fields: draftOf(viewBase, schemaBase).fields },
              { fields: draftOf(viewBase, schemaStale.current).fields },
              { fields: draft.fields },
            )}
            label={() => t('forms.stale.fields')}
            format={(_key, value) => t('forms.stale.fieldsCount', { count: (value as unknown[]).length })}
            pending={updateSchema.isPending}
            onKeepMine={() => {
              const theirs = schemaStale.current;
              setSchemaBase(theirs);
              updateSchema.reset();
              void save({ view: viewBase, schema: theirs });
            }}
            onUseTheirs={() => {
              setSchemaBase(schemaStale.current);
              setDraft({ ...draft, fields: draftOf(viewBase, schemaStale.current).fields });
              updateSchema.reset();
            }}
          />
        ) : updateSchema.isError ? (
          <Alert color="red">{apiErrorMessage(updateSchema.error, t)}</Alert>
        ) : null}
        <Group gap="sm">
          {readOnly ? null : (
            <>
              <Button
                onClick={() => void save()}
                loading={updateView.isPending || updateSchema.isPending}
                disabled={!dirty}
              >
                {t('forms.editor.save')}
              </Button>
              <Button variant="default" onClick={() => setDraft(saved0)} disabled={!dirty}>
                {t('forms.editor.discard')}
              </Button>
              <Button variant="outline" onClick={() => setPublishing(true)} disabled={dirty}>
                {t('forms.publish.open')}
              </Button>
            </>
          )}
          {readOnly ? null : (
            <Button
              variant="subtle"
              onClick={async () => {
                setExportError(null);
                try {
                  saveFile(await exportZip(api, view.id), `${view.key}.zip`);
                } catch (error) {
                  setExportError(error);
                }
              }}
            >
              {t('forms.zip.export')}
            </Button>
          )}
          {readOnly ? null : (
            <Button variant="subtle" onClick={() => setImporting(true)} disabled={dirty}>
              {t('forms.zip.importOpen')}
            </Button>
          )}
        </Group>
        {dirty && !readOnly ? (
          <Text size="sm" c="dimmed">
            {t('forms.editor.saveBeforePublish')}
          </Text>
        ) : null}
        {exportError ? <Alert color="red">{apiErrorMessage(exportError, t)}</Alert> : null}
        <Group gap="sm" align="center">
          <Text fw={600} id="editing-language">
            {t('forms.editor.editingLanguage')}
          </Text>
          <SegmentedControl
            aria-labelledby="editing-language"
            value={language}
            onChange={setLanguage}
            data={draft.layout.languages.map((l) => ({
              value: l,
              label: t(`forms.languages.${l}`, { defaultValue: l }),
            }))}
          />
        </Group>
        {missing.length > 0 ? (
          <Alert color="yellow" variant="outline" title={t('forms.editor.missingTitle')}>
            <List size="sm">
              {missing.map((m) => (
                <List.Item key={m.language}>
                  {t('forms.editor.missing', {
                    count: m.count,
                    language: t(`forms.languages.${m.language}`, { defaultValue: m.language }),
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Tabs defaultValue="questions" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="questions">{t('forms.tabs.questions')}</Tabs.Tab>
                <Tabs.Tab value="conditions">
                  {t('forms.tabs.conditions', { count: draft.conditions.length })}
                </Tabs.Tab>
                <Tabs.Tab value="languages">{t('forms.tabs.languages')}</Tabs.Tab>
                {readOnly ? null : <Tabs.Tab value="versions">{t('forms.tabs.versions')}</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="questions">
                <SectionsEditor
                  layout={draft.layout}
                  fields={draft.fields}
                  language={language}
                  readOnly={readOnly}
                  onChange={(layout, fields) =>
                    setDraft((d) => ({ ...d, layout, fields: fields ?? d.fields }))
                  }
                />
              </Tabs.Panel>
              <Tabs.Panel value="conditions">
                <ConditionsEditor
                  conditions={draft.conditions}
                  layout={draft.layout}
                  language={language}
                  readOnly={readOnly}
                  onChange={(conditions) => setDraft((d) => ({ ...d, conditions }))}
                />
              </Tabs.Panel>
              <Tabs.Panel value="languages">
                <LanguagesEditor
                  layout={draft.layout}
                  readOnly={readOnly}
                  onChange={(layout) => {
                    setDraft((d) => ({ ...d, layout }));
                    if (!layout.languages.includes(language)) setLanguage(layout.languages[0] ?? 'en');
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="versions">
                <VersionsList formViewId={view.id} language={language} definition={savedDefinition} />
              </Tabs.Panel>
            </Tabs>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}>
              <FormPreview definition={definition} language={language} />
            </div>
          </Grid.Col>
        </Grid>
      </Stack>
      <PublishDialog
        formViewId={view.id}
        opened={publishing}
        onClose={() => setPublishing(false)}
        published={view.published?.definition ?? null}
        publishedNumber={viewBase.publishedVersionNumber}
        draft={savedDefinition}
        language={language}
        onPublished={(number) => setMessage({ key: 'forms.publish.done', number })}
      />
      <ImportZipDialog
        opened={importing}
        onClose={() => setImporting(false)}
        views={[view]}
        onImported={() => setMessage({ key: 'forms.zip.imported' })}
      />
      {/* Leaving with unsaved changes: asked inside the app, and by the browser on reload or close. */}
      <UnsavedChangesGuard dirty={dirty} lead={t('forms.editor.leaveLead')} />
    </>
  );
}
