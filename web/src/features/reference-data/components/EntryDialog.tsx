import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TerminologyEntry } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { entryPatch, useCreateEntry, usePatchEntry } from '../api/terminology.ts';

const DICTIONARY = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const LANGUAGE = /^[a-z]{2}(-[A-Z]{2})?$/;

interface Props {
  organisationId: string | null;
  /** The dictionary a new entry goes into ('' : the user names one). */
  dictionary: string;
  /** The entry to change; null to add one. */
  entry: TerminologyEntry | null;
  /** The dictionary's entries, for the parent. */
  siblings: TerminologyEntry[];
  onClose: () => void;
  onSaved: (entry: TerminologyEntry) => void;
}

interface Draft {
  dictionary: string;
  code: string;
  term: string;
  parentId: string | null;
  reference: string;
  translations: { language: string; term: string }[];
}

const draftOf = (dictionary: string, entry: TerminologyEntry | null): Draft => ({
  dictionary: entry?.dictionary ?? dictionary,
  code: entry?.code ?? '',
  term: entry?.term ?? '',
  parentId: entry?.parentId ?? null,
  reference: entry?.reference ?? '',
  translations: Object.entries(entry?.translations ?? {}).map(([language, term]) => ({ language, term })),
});

/**
 * Add or change one dictionary entry: code, term, parent, reference and its terms in other
 * languages. Saved as a creation or as a JSON merge patch of what changed; a code already used
 * in the dictionary (409) and any other refusal are said in words beside the field.
 */
export function EntryDialog({ organisationId, dictionary, entry, siblings, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(dictionary, entry));
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const create = useCreateEntry(organisationId);
  const patch = usePatchEntry(organisationId);
  const saving = create.isPending || patch.isPending;
  const failure = create.error ?? patch.error;
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const fieldError = (id: string) => errors.find((e) => e.fieldId === id)?.message;

  const check = (): FieldErrorItem[] => {
    const found: FieldErrorItem[] = [];
    if (!entry && !DICTIONARY.test(draft.dictionary))
      found.push({ fieldId: 'entry-dictionary', message: t('refdata.entry.errors.dictionary') });
    if (!draft.code.trim()) found.push({ fieldId: 'entry-code', message: t('refdata.entry.errors.code') });
    if (!draft.term.trim()) found.push({ fieldId: 'entry-term', message: t('refdata.entry.errors.term') });
    draft.translations.forEach((row, i) => {
      if (!LANGUAGE.test(row.language))
        found.push({
          fieldId: `entry-language-${i}`,
          message: t('refdata.entry.errors.language', { row: i + 1 }),
        });
      if (!row.term.trim())
        found.push({
          fieldId: `entry-translation-${i}`,
          message: t('refdata.entry.errors.translation', { row: i + 1 }),
        });
    });
    return found;
  };

  const refused = (error: unknown) => {
    setErrors(
      serverFieldErrors(
        error,
        {
          'body/code': { fieldId: 'entry-code', label: t('refdata.entry.code') },
          'body/term': { fieldId: 'entry-term', label: t('refdata.entry.term') },
          'body/dictionary': { fieldId: 'entry-dictionary', label: t('refdata.entry.dictionary') },
          'body/parentId': { fieldId: 'entry-parent', label: t('refdata.entry.parent') },
          'body/reference': { fieldId: 'entry-reference', label: t('refdata.entry.reference') },
        },
        t,
      ),
    );
    setAttempt((n) => n + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length > 0) return;
    const after = {
      code: draft.code.trim(),
      term: draft.term.trim(),
      parentId: draft.parentId,
      reference: draft.reference.trim() || null,
      translations: Object.fromEntries(draft.translations.map((r) => [r.language, r.term.trim()])),
    };
    if (entry) {
      const changes = entryPatch(entry, after);
      if (Object.keys(changes).length === 0) return onClose();
      patch.mutate({ id: entry.id, patch: changes }, { onSuccess: onSaved, onError: refused });
    } else
      create.mutate(
        { dictionary: draft.dictionary, ...after, reference: after.reference ?? undefined },
        { onSuccess: onSaved, onError: refused },
      );
  };

  const parents = siblings
    .filter((s) => s.id !== entry?.id)
    .map((s) => ({ value: s.id, label: `${s.code} — ${s.term}` }));
  const { status } = readApiFailure(failure);
  const showGeneral = failure && errors.length === 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={entry ? t('refdata.entry.editTitle', { code: entry.code }) : t('refdata.entry.newTitle')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label={entry ? t('refdata.entry.editTitle', { code: entry.code }) : t('refdata.entry.newTitle')}
      >
        <Stack gap="sm">
          <ErrorSummary title={t('refdata.entry.errorTitle')} errors={errors} focusKey={attempt} />
          {showGeneral ? (
            <Alert color="red" role="alert" data-testid="entry-refused">
              {status === 412 ? t('refdata.entry.stale') : apiErrorMessage(failure, t)}
            </Alert>
          ) : null}
          {entry ? (
            <Text size="sm">{t('refdata.entry.inDictionary', { dictionary: entry.dictionary })}</Text>
          ) : (
            <TextInput
              id="entry-dictionary"
              label={t('refdata.entry.dictionary')}
              description={t('refdata.entry.dictionaryHint')}
              value={draft.dictionary}
              onChange={(e) => set({ dictionary: e.currentTarget.value })}
              error={fieldError('entry-dictionary')}
            />
          )}
          <TextInput
            id="entry-code"
            label={t('refdata.entry.code')}
            value={draft.code}
            onChange={(e) => set({ code: e.currentTarget.value })}
            error={fieldError('entry-code')}
            data-autofocus
          />
          <TextInput
            id="entry-term"
            label={t('refdata.entry.term')}
            value={draft.term}
            onChange={(e) => set({ term: e.currentTarget.value })}
            error={fieldError('entry-term')}
          />
          <Select
            id="entry-parent"
            label={t('refdata.entry.parent')}
            description={t('refdata.entry.parentHint')}
            data={parents}
            value={draft.parentId}
            onChange={(value) => set({ parentId: value })}
            clearable
            searchable
            nothingFoundMessage={t('refdata.entry.noParent')}
            error={fieldError('entry-parent')}
          />
          <TextInput
            id="entry-reference"
            label={t('refdata.entry.reference')}
            description={t('refdata.entry.referenceHint')}
            value={draft.reference}
            onChange={(e) => set({ reference: e.currentTarget.value })}
            error={fieldError('entry-reference')}
          />
          <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              {t('refdata.entry.translations')}
            </Text>
            <Stack gap="xs">
              {draft.translations.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
                  <TextInput
                    id={`entry-language-${i}`}
                    label={t('refdata.entry.language')}
                    value={row.language}
                    w={96}
                    onChange={(e) => {
                      const language = e.currentTarget.value;
                      set({
                        translations: draft.translations.map((r, j) => (j === i ? { ...r, language } : r)),
                      });
                    }}
                    error={fieldError(`entry-language-${i}`)}
                  />
                  <TextInput
                    id={`entry-translation-${i}`}
                    label={t('refdata.entry.translatedTerm')}
                    value={row.term}
                    style={{ flex: 1, minWidth: 0 }}
                    onChange={(e) => {
                      const term = e.currentTarget.value;
                      set({ translations: draft.translations.map((r, j) => (j === i ? { ...r, term } : r)) });
                    }}
                    error={fieldError(`entry-translation-${i}`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={4}
                    aria-label={t('refdata.entry.removeTranslation', { row: i + 1 })}
                    onClick={() => set({ translations: draft.translations.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => set({ translations: [...draft.translations, { language: '', term: '' }] })}
                >
                  {t('refdata.entry.addTranslation')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('refdata.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {entry ? t('refdata.entry.save') : t('refdata.entry.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
