import type { TFunction } from 'i18next';
import type { FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { readApiFailure } from '../../../lib/api-errors.ts';

/**
 * The server's per-field refusals (VALIDATION_FAILED, meta.fields) as error-summary items for
 * this form's fields: `fields` maps a server field (`body/code`) to the input id and the
 * translated message; unknown fields are left to the form's general alert.
 */
export function serverFieldErrors(
  error: unknown,
  fields: Record<string, { fieldId: string; messageKey: string }>,
  t: TFunction,
): FieldErrorItem[] {
  const { code } = readApiFailure(error);
  if (code !== 'VALIDATION_FAILED') return [];
  const body = (error as { body?: { meta?: { fields?: { field?: unknown; message?: unknown }[] } } }).body;
  return (body?.meta?.fields ?? []).flatMap((f) => {
    const target = typeof f.field === 'string' ? fields[f.field] : undefined;
    if (!target) return [];
    const fallback = typeof f.message === 'string' ? f.message : '';
    return [{ fieldId: target.fieldId, message: t(target.messageKey, { defaultValue: fallback }) }];
  });
}
