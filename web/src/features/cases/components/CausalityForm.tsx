import { Alert, Button, Group, Paper, Radio, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type {
  CausalityAssessment,
  CausalityAssessmentBody,
  CausalityMethod,
  CausalitySource,
  NaranjoAnswers,
  NaranjoQuestionId,
  WhoUmcCategory,
} from '@vigilo/contract';
import {
  causalityMethods,
  causalitySources,
  naranjoQuestions,
  scoreNaranjo,
  whoUmcCategories,
} from '@vigilo/contract/causality';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { readFieldErrors } from '../../../lib/server-errors.ts';
import { useRecordCausality } from '../api/causality.ts';
import { NaranjoQuestions, questionFieldId } from './NaranjoQuestions.tsx';

interface Props {
  reportId: string;
  drugId: string;
  reactionId: string;
  /** "Lisinopril and angioedema": the form's title. */
  pair: string;
  prefix: string;
  onSaved: (saved: CausalityAssessment) => void;
  onCancel: () => void;
}

/**
 * A new causality assessment of one drug × reaction (decision 0270): who assessed, the method,
 * then the WHO-UMC category or the ten Naranjo questions with the score shown as they are
 * answered, and a comment. Checked on submit (GOV.UK error summary); the server scores again
 * and answers refusals field by field, shown the same way.
 */
export function CausalityForm({ reportId, drugId, reactionId, pair, prefix, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const record = useRecordCausality(reportId);
  // One key for this form's attempts: a retry after a lost answer records once.
  const [key] = useState(() => crypto.randomUUID());
  const [source, setSource] = useState<CausalitySource | null>(null);
  const [sourceText, setSourceText] = useState('');
  const [method, setMethod] = useState<CausalityMethod | null>(null);
  const [whoUmc, setWhoUmc] = useState<WhoUmcCategory | null>(null);
  const [answers, setAnswers] = useState<NaranjoAnswers>({});
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [attempts, setAttempts] = useState(0);
  const ids = {
    source: `${prefix}-source-${causalitySources[0]}`,
    sourceText: `${prefix}-source-text`,
    method: `${prefix}-method-${causalityMethods[0]}`,
    whoUmc: `${prefix}-who-umc-${whoUmcCategories[0]}`,
    comment: `${prefix}-comment`,
  };

  /** The server's refusals, field by field, in the form's own words (the body's drug or reaction gone: the alert). */
  const fromServer = (error: unknown): FieldErrorItem[] =>
    readFieldErrors(error).flatMap(({ field }): FieldErrorItem[] => {
      if (field === 'body/sourceText')
        return [{ fieldId: ids.sourceText, message: t('causality.form.errors.sourceText') }];
      if (field === 'body/whoUmc')
        return [{ fieldId: ids.whoUmc, message: t('causality.form.errors.whoUmc') }];
      const number = naranjoQuestions.findIndex((q) => field === `body/naranjo/${q.id}`) + 1;
      if (number === 0) return [];
      return [
        {
          fieldId: questionFieldId(prefix, naranjoQuestions[number - 1]!.id),
          message: t('causality.form.errors.question', { number }),
        },
      ];
    });
  // What the last submit found, less what has been answered since (never a new error before a submit).
  const stillMissing = new Set(check().map((e) => e.fieldId));
  const shown = record.isError ? fromServer(record.error) : errors.filter((e) => stillMissing.has(e.fieldId));
  const errorOf = (fieldId: string) => shown.find((e) => e.fieldId === fieldId)?.message;
  const questionErrors = Object.fromEntries(
    naranjoQuestions.flatMap((q) => {
      const message = errorOf(questionFieldId(prefix, q.id));
      return message ? [[q.id, message]] : [];
    }),
  ) as Partial<Record<NaranjoQuestionId, string>>;

  function check(): FieldErrorItem[] {
    const found: FieldErrorItem[] = [];
    if (!source) found.push({ fieldId: ids.source, message: t('causality.form.errors.source') });
    if (source === 'other' && !sourceText.trim())
      found.push({ fieldId: ids.sourceText, message: t('causality.form.errors.sourceText') });
    if (!method) found.push({ fieldId: ids.method, message: t('causality.form.errors.method') });
    if (method === 'who-umc' && !whoUmc)
      found.push({ fieldId: ids.whoUmc, message: t('causality.form.errors.whoUmc') });
    if (method === 'naranjo')
      for (const id of scoreNaranjo(answers).unanswered) {
        const number = naranjoQuestions.findIndex((q) => q.id === id) + 1;
        found.push({
          fieldId: questionFieldId(prefix, id),
          message: t('causality.form.errors.question', { number }),
        });
      }
    return found;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    record.reset();
    const found = check();
    setErrors(found);
    setAttempts((n) => n + 1);
    if (found.length > 0 || !source || !method) return;
    const body: CausalityAssessmentBody = {
      drugId,
      reactionId,
      source,
      ...(source === 'other' ? { sourceText: sourceText.trim() } : {}),
      method,
      ...(method === 'who-umc' ? { whoUmc: whoUmc! } : { naranjo: answers }),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    };
    record.mutate(
      { body, key },
      {
        onSuccess: onSaved,
        onError: () => setAttempts((n) => n + 1),
      },
    );
  }

  const unshown = record.isError && shown.length === 0;
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${prefix}-title`}
    >
      <Stack gap="md">
        <Title order={4} size="h5" id={`${prefix}-title`}>
          {t('causality.form.title', { pair })}
        </Title>
        <ErrorSummary title={t('causality.form.errorTitle')} errors={shown} focusKey={attempts} />
        {unshown ? (
          <Alert color="red" title={t('causality.failed')} role="alert">
            {apiErrorMessage(record.error, t)}
          </Alert>
        ) : null}
        <Radio.Group
          label={t('causality.form.source')}
          value={source}
          onChange={(value) => setSource(value as CausalitySource)}
          error={errorOf(ids.source)}
        >
          <Stack gap={6} mt={6}>
            {causalitySources.map((s) => (
              <Radio
                key={s}
                id={`${prefix}-source-${s}`}
                value={s}
                label={t(`causality.form.sources.${s}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {source === 'other' ? (
          <TextInput
            id={ids.sourceText}
            label={t('causality.form.sourceText')}
            description={t('causality.form.sourceTextHint')}
            value={sourceText}
            maxLength={60}
            onChange={(e) => setSourceText(e.currentTarget.value)}
            error={errorOf(ids.sourceText)}
            maw={420}
          />
        ) : null}
        <Radio.Group
          label={t('causality.form.method')}
          value={method}
          onChange={(value) => setMethod(value as CausalityMethod)}
          error={errorOf(ids.method)}
        >
          <Group gap="lg" mt={6}>
            {causalityMethods.map((m) => (
              <Radio
                key={m}
                id={`${prefix}-method-${m}`}
                value={m}
                label={t(`causality.form.methods.${m}`)}
              />
            ))}
          </Group>
        </Radio.Group>
        {method === 'who-umc' ? (
          <Radio.Group
            label={t('causality.form.whoUmc')}
            value={whoUmc}
            onChange={(value) => setWhoUmc(value as WhoUmcCategory)}
            error={errorOf(ids.whoUmc)}
          >
            <Stack gap="sm" mt={6}>
              {whoUmcCategories.map((c) => (
                <Radio
                  key={c}
                  id={`${prefix}-who-umc-${c}`}
                  value={c}
                  label={t(`causality.whoUmcCategories.${c}`)}
                  description={t(`causality.whoUmcCriteria.${c}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {method === 'naranjo' ? (
          <NaranjoQuestions
            prefix={prefix}
            answers={answers}
            errors={questionErrors}
            onAnswer={(id, answer) => setAnswers((a) => ({ ...a, [id]: answer }))}
          />
        ) : null}
        <Textarea
          id={ids.comment}
          label={t('causality.form.comment')}
          description={t('causality.form.commentHint')}
          value={comment}
          maxLength={2000}
          rows={3}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={errorOf(ids.comment)}
        />
        <Group gap="sm">
          <Button type="submit" loading={record.isPending}>
            {t('causality.form.save')}
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={record.isPending}>
            {t('causality.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
