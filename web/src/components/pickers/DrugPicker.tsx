import type { Drug } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api-context.tsx';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { searchDrugs, useDrugByCode } from './api/drugs.ts';
import { ChosenTerm, StoredTerm, useChoosing } from './ChosenTerm.tsx';
import { TypeAhead, TypeAheadHit } from './TypeAhead.tsx';
import { usePickerTexts } from './texts/use-picker-texts.ts';

/** E2B's MPID holds at most 20 characters (G.k.2.1.1b, D.8.r.2b). */
const MAX_CODE = 20;

interface Common {
  id: string;
  label: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  debounceMs?: number;
}

export type DrugPickerProps = Common &
  (
    | {
        /** The name as reported: free text, the organisation's products suggested as it is typed. */
        mode: 'name';
        value: string | undefined;
        onChange: (value: string | undefined) => void;
      }
    | {
        /** The product's identifier (MPID): chosen from the organisation's list. */
        mode: 'code';
        value: { code: string } | undefined;
        onChange: (value: { code: string } | undefined) => void;
      }
  );

/** A product's details under its name: strength, substances and, for a hit, its authorisation. */
function details(drug: Pick<Drug, 'strength' | 'substances'>, authorisation: string | null): string | null {
  return [drug.strength, drug.substances.join(', '), authorisation].filter(Boolean).join(' · ') || null;
}

/**
 * The drug picker (issue 13): a type-ahead over the organisation's product list (name,
 * substance or authorisation number; decision 0160). As `name` it is free text, the name as
 * reported, which a product only fills in; as `code` it codes the product's identifier.
 */
export function DrugPicker(props: DrugPickerProps) {
  usePickerTexts();
  const { t } = useTranslation();
  const api = useApi();
  const coded = props.mode === 'code' ? props.value : undefined;
  const { choosing, chose, change } = useChoosing(props.mode === 'name' || coded === undefined);
  const stored = useDrugByCode(props.mode === 'code' && !choosing ? coded?.code : undefined);
  const common = {
    id: props.id,
    label: props.label,
    description: props.description ?? t(`pickers.drug.hint.${props.mode}`),
    error: props.error,
    search: (query: string, signal: AbortSignal) => searchDrugs(api, query, signal),
    optionKey: (drug: Drug) => drug.id,
    renderOption: (drug: Drug) => (
      <TypeAheadHit
        name={drug.name}
        code={drug.code}
        detail={details(
          drug,
          drug.authorisationNumber
            ? t('pickers.drug.authorisation', { number: drug.authorisationNumber })
            : null,
        )}
      />
    ),
    debounceMs: props.debounceMs,
    disabled: props.disabled,
    failureText: (error: unknown) => apiErrorMessage(error, t),
  };

  if (props.mode === 'name')
    return (
      <TypeAhead<Drug>
        {...common}
        query={props.value ?? ''}
        onQueryChange={(text) => props.onChange(text === '' ? undefined : text)}
        optionText={(drug) => drug.name}
        onSelect={() => {}}
      />
    );

  if (!choosing && coded) {
    const drug = stored.data;
    return (
      <ChosenTerm
        id={props.id}
        label={props.label}
        disabled={props.disabled}
        {...change}
        onRemove={() => props.onChange(undefined)}
      >
        <StoredTerm
          found={
            drug ? (
              <TypeAheadHit name={drug.name} code={drug.code} detail={details(drug, null) ?? ''} />
            ) : null
          }
          pending={stored.isPending}
          code={coded.code}
          notFound={t('pickers.drug.notFound', { code: coded.code })}
        />
      </ChosenTerm>
    );
  }
  return (
    <TypeAhead<Drug>
      {...common}
      // A product whose identifier is longer than E2B's MPID cannot be coded (named instead).
      isDisabled={(drug) => drug.code.length > MAX_CODE}
      onSelect={(drug) => {
        chose();
        props.onChange({ code: drug.code });
      }}
      autoFocus={coded !== undefined}
    />
  );
}
