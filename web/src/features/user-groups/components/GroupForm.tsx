import { Button, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { codeOptions, reportTypes as knownReportTypes, reportTypeLabel } from '../../../lib/labels.ts';

export interface GroupValues {
  name: string;
  description: string;
  reportTypes: string[];
}

interface Props {
  initial?: GroupValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: GroupValues) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
  idPrefix: string;
}

/** Name, description and report types of a group; validated on submit. */
export function GroupForm({ initial, submitLabel, pending, onSubmit, onErrorsChange, idPrefix }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [reportTypes, setReportTypes] = useState<string[]>(initial?.reportTypes ?? []);
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const optional = ` ${t('userGroups.form.optional')}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = name.trim()
      ? []
      : [{ fieldId: `${idPrefix}-name`, message: t('userGroups.form.errors.nameMissing') }];
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0)
      onSubmit({
        name: name.trim(),
        description: description.trim(),
        reportTypes: reportTypes.map((r) => r.trim()).filter(Boolean),
      });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
        <TextInput
          id={`${idPrefix}-name`}
          label={t('userGroups.form.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors[0]?.message}
          maw={480}
        />
        <Textarea
          id={`${idPrefix}-description`}
          label={t('userGroups.form.description') + optional}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          rows={3}
          maw={480}
        />
        <MultiSelect
          id={`${idPrefix}-report-types`}
          label={t('userGroups.form.reportTypes') + optional}
          description={t('userGroups.form.reportTypesHint')}
          // Codes already held that the list no longer names stay visible and removable.
          data={codeOptions(t, [...new Set([...knownReportTypes, ...reportTypes])], reportTypeLabel)}
          value={reportTypes}
          onChange={setReportTypes}
          clearable
          maw={480}
        />
        <div>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
