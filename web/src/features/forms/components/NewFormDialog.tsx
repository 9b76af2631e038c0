import { Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { FormView } from '@vigilo/contract';

type FormAudience = FormView['audience'];

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { readFieldErrors } from '../../../lib/server-errors.ts';
import { useCreateView } from '../api/create-view.ts';
import { formLanguages } from './LanguagesEditor.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The forms a new one may start from (every form the administrator can read). */
  templates: FormView[];
  onCreated: (view: FormView) => void;
}

/**
 * "New form" (decision 0290): a name, the form it starts from (its questions, conditions and
 * type of report), who fills it in, and its languages. It opens as a draft in the editor.
 */
export function NewFormDialog({ opened, onClose, templates, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateView();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [audience, setAudience] = useState<FormAudience | null>(null);
  const [languages, setLanguages] = useState<string[]>(['en', 'fr']);
  const [tried, setTried] = useState(false);
  const template = templates.find((v) => v.id === templateId);
  const close = () => {
    create.reset();
    setName('');
    setTemplateId(null);
    setAudience(null);
    setTried(false);
    onClose();
  };
  const taken = create.isError && readFieldErrors(create.error).some((f) => f.field === 'body/name');
  const noSharedLanguage =
    Boolean(template) && !languages.some((l) => template!.layout.languages.includes(l));
  const errors = {
    name:
      tried && name.trim() === ''
        ? t('forms.create.nameMissing')
        : taken
          ? t('forms.create.nameTaken')
          : undefined,
    template: tried && !template ? t('forms.create.templateMissing') : undefined,
    languages:
      tried && languages.length === 0
        ? t('forms.create.languagesMissing')
        : tried && noSharedLanguage
          ? t('forms.create.languagesNoneShared', {
              languages: template!.layout.languages
                .map((l) => t(`forms.languages.${l}`, { defaultValue: l }))
                .join(', '),
            })
          : undefined,
  };
  const submit = () => {
    setTried(true);
    if (name.trim() === '' || !template || languages.length === 0 || noSharedLanguage) return;
    create.mutate(
      {
        name: name.trim(),
        templateId: template.id,
        languages,
        ...(audience ? { audience } : {}),
      },
      {
        onSuccess: (view) => {
          close();
          onCreated(view);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('forms.create.title')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('forms.create.lead')}</Text>
          <TextInput
            id="new-form-name"
            label={t('forms.create.name')}
            description={t('forms.create.nameHint')}
            value={name}
            maxLength={200}
            onChange={(e) => {
              create.reset();
              setName(e.currentTarget.value);
            }}
            error={errors.name}
          />
          <Select
            id="new-form-template"
            label={t('forms.create.template')}
            description={t('forms.create.templateHint')}
            data={templates.map((v) => ({
              value: v.id,
              label: `${v.name} (${t(`forms.reportTypes.${v.reportType}`)})`,
            }))}
            value={templateId}
            onChange={(id) => {
              setTemplateId(id);
              const chosen = templates.find((v) => v.id === id);
              if (chosen) {
                setAudience(chosen.audience);
                setLanguages(chosen.layout.languages);
              }
            }}
            error={errors.template}
            allowDeselect={false}
          />
          <Radio.Group
            label={t('forms.create.audience')}
            value={audience ?? template?.audience ?? 'public'}
            onChange={(value) => setAudience(value as FormAudience)}
          >
            <Group gap="lg" mt={4}>
              <Radio value="public" label={t('forms.audiences.public')} />
              <Radio value="professional" label={t('forms.audiences.professional')} />
            </Group>
          </Radio.Group>
          <Checkbox.Group
            label={t('forms.create.languages')}
            description={t('forms.create.languagesHint')}
            value={languages}
            onChange={setLanguages}
            error={errors.languages}
          >
            <Group gap="md" mt={4}>
              {formLanguages.map((code) => (
                <Checkbox key={code} value={code} label={t(`forms.languages.${code}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          {create.isError && !taken ? (
            <Alert color="red" role="alert" title={t('forms.create.failed')}>
              {apiErrorMessage(create.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('forms.publish.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('forms.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
