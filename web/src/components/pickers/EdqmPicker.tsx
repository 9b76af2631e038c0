import { Button } from '@mantine/core';
import type { EdqmClass, EdqmTerm } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api-context.tsx';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { type EdqmCoding, searchEdqm, useEdqmTerm } from './api/edqm.ts';
import { ChosenTerm, StoredTerm, useChoosing } from './ChosenTerm.tsx';
import { TypeAhead, TypeAheadHit } from './TypeAhead.tsx';
import { usePickerTexts } from './texts/use-picker-texts.ts';

export type { EdqmCoding };

export interface EdqmPickerProps {
  id: string;
  label: string;
  description?: string;
  error?: string;
  /** PDF: pharmaceutical dose forms; ROA: routes of administration. */
  edqmClass: EdqmClass;
  /** The interface or form language: terms are shown in it when EDQM translates them. */
  language: string;
  value: EdqmCoding | undefined;
  onChange: (value: EdqmCoding | undefined) => void;
  disabled?: boolean;
  debounceMs?: number;
}

const nameIn = (term: EdqmTerm, language: string) => term.translations[language] ?? term.term;

/**
 * An EDQM dose form or route (issue 13): a type-ahead over the installation's standard terms
 * (words in English or the language shown, or a code such as PDF-10219000); deprecated terms are
 * shown marked and not selectable. Stores the code (and the term's EDQM version when known).
 */
export function EdqmPicker(props: EdqmPickerProps) {
  usePickerTexts();
  const { t } = useTranslation();
  const api = useApi();
  const { value, id, language } = props;
  const { choosing, setChoosing, chose, change } = useChoosing(value === undefined);
  const stored = useEdqmTerm(choosing ? undefined : value?.code);
  const deprecated = (term: EdqmTerm) =>
    term.status === 'deprecated'
      ? { text: t('pickers.edqm.deprecated'), hint: t('pickers.edqm.deprecatedHint') }
      : null;

  if (!choosing && value) {
    const term = stored.data;
    return (
      <ChosenTerm
        id={id}
        label={props.label}
        error={props.error}
        disabled={props.disabled}
        {...change}
        onRemove={() => props.onChange(undefined)}
      >
        <StoredTerm
          found={
            term ? (
              <TypeAheadHit name={nameIn(term, language)} code={term.code} flag={deprecated(term)} />
            ) : null
          }
          pending={stored.isPending}
          code={value.code}
          notFound={t('pickers.edqm.notFound', { code: value.code })}
        />
      </ChosenTerm>
    );
  }

  return (
    <div>
      <TypeAhead<EdqmTerm>
        id={id}
        label={props.label}
        description={props.description ?? t(`pickers.edqm.hint${props.edqmClass}`)}
        error={props.error}
        search={(query, signal) => searchEdqm(api, props.edqmClass, query, signal)}
        optionKey={(term) => term.code}
        isDisabled={(term) => term.status === 'deprecated'}
        renderOption={(term) => (
          <TypeAheadHit
            name={nameIn(term, language)}
            code={term.code}
            flag={deprecated(term)}
            detail={nameIn(term, language) !== term.term ? term.term : null}
          />
        )}
        onSelect={(term) => {
          chose();
          props.onChange({
            code: term.code,
            ...(term.version ? { version: term.version.slice(0, 25) } : {}),
          });
        }}
        debounceMs={props.debounceMs}
        disabled={props.disabled}
        autoFocus={value !== undefined}
        failureText={(error) => apiErrorMessage(error, t)}
      />
      {value ? (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setChoosing(false)}>
          {t('pickers.keepChoice')}
        </Button>
      ) : null}
    </div>
  );
}
