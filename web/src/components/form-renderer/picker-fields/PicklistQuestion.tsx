import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePicklist } from '../../pickers/api/picklist.ts';
import { isNullFlavour } from '../answers.ts';
import { NativeField, nativeField } from '../NativeField.tsx';
import type { PickerQuestionProps } from '../picker-kinds.ts';

/**
 * A question whose choices are a terminology arrangement (`question.picklist`, decision 0154): a
 * native list in the arrangement's order, children indented under their parent, each entry in
 * the form's language when it has a translation. A text field keeps the entry's term, a code
 * field its code (only codes the field allows). Until the list is read, or when the organisation
 * has no arrangement of that name, the question keeps its plain field.
 */
export function PicklistQuestion(props: PickerQuestionProps) {
  const { t } = useTranslation();
  const picklist = usePicklist(props.question.picklist ?? '');
  if (!picklist.data) return <>{props.fallback}</>;
  const coded = props.field.kind === 'code';
  const choices = picklist.data
    .filter(({ entry }) => !coded || !props.field.options || props.field.options.includes(entry.code))
    .map(({ entry, depth }) => {
      const term = entry.translations[props.language] ?? entry.term;
      return {
        id: entry.id,
        value: coded ? entry.code : term,
        label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${term}`,
      };
    });
  const unknown = isNullFlavour(props.value);
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <Stack gap="xs">
      <NativeField id={props.id} label={props.label} description={props.description} error={props.error}>
        {(aria) => (
          <select
            id={props.id}
            className={nativeField.input}
            {...aria}
            value={unknown ? '' : value}
            disabled={props.disabled || unknown}
            onChange={(event) => props.onChange(event.currentTarget.value || undefined)}
            onBlur={props.onBlur}
          >
            <option value="">{t('reporting.renderer.choose')}</option>
            {/* An answer the list no longer has (an older arrangement) is kept and shown as it is. */}
            {value && !choices.some((c) => c.value === value) ? <option value={value}>{value}</option> : null}
            {choices.map((choice) => (
              <option key={choice.id} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </NativeField>
      {props.unknownBox}
    </Stack>
  );
}
