import type { FieldError } from '@vigilo/contract';
import { type FieldReason, fieldReasons } from '@vigilo/contract/values';
import type { TFunction } from 'i18next';
import type { FieldErrorItem } from '../components/ui/ErrorSummary.tsx';
import { readApiFailure } from './api-errors.ts';

/**
 * Server refusals in words (decision 0037): the error's `code` and each `meta.fields` entry's
 * `reason` become translated sentences; the server's own `message` (validator text, English)
 * is never shown.
 */

const isReason = (value: unknown): value is FieldReason =>
  typeof value === 'string' && (fieldReasons as readonly string[]).includes(value);

/** The failing fields of a refused call, one entry per field (the first reason given for it). */
export function readFieldErrors(error: unknown): FieldError[] {
  const body = (error as { body?: { meta?: { fields?: unknown } } } | null)?.body;
  const raw = Array.isArray(body?.meta?.fields) ? (body.meta.fields as unknown[]) : [];
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, reason, limit } = entry as Record<string, unknown>;
    if (typeof field !== 'string' || seen.has(field)) continue;
    seen.add(field);
    fields.push({
      field,
      message: '',
      reason: isReason(reason) ? reason : 'invalid',
      ...(typeof limit === 'number' ? { limit } : {}),
    });
  }
  return fields;
}

const lowerFirst = (text: string) =>
  // "Email address" reads "Enter email address"; an acronym ("SMS code") keeps its capitals.
  text.length > 1 && text[1] === text[1]?.toUpperCase() && /[A-Z]/.test(text[1] ?? '')
    ? text
    : text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A field's name when the form did not give one: a known field name, else "a value you entered". */
function defaultLabel(field: string, t: TFunction): string {
  const name = field.split('/').at(-1) ?? '';
  return t(`serverErrors.fieldNames.${name}`, { defaultValue: t('serverErrors.someField') });
}

/** One refused field as a sentence: "Enter email address", "Your password must be at least 12 characters". */
export function fieldErrorText(error: FieldError, t: TFunction, label?: string): string {
  const name = label ?? defaultLabel(error.field, t);
  return t(`serverErrors.fields.${error.reason ?? 'invalid'}`, {
    label: lowerFirst(name),
    Label: upperFirst(name),
    count: error.limit ?? 0,
  });
}

/** How a form names one of its fields for the server's refusals. */
export interface ServerField {
  /** id of the input: the summary links to it, the message shows beside it. */
  fieldId: string;
  /** The field's visible label, used in the sentence. */
  label?: string;
  /** A sentence of this form's own for this field, whatever the reason (rarely needed). */
  messageKey?: string;
}

/**
 * The server's per-field refusals as error-summary items for a form: `fields` maps a server
 * field (`body/code`) to the input. Fields the form does not show are left out here and
 * appear in the form's general message (apiErrorMessage).
 */
export function serverFieldErrors(
  error: unknown,
  fields: Record<string, ServerField>,
  t: TFunction,
): FieldErrorItem[] {
  if (readApiFailure(error).status === null) return [];
  return readFieldErrors(error).flatMap((entry) => {
    const target = fields[entry.field];
    if (!target) return [];
    const message = target.messageKey ? t(target.messageKey) : fieldErrorText(entry, t, target.label);
    return [{ fieldId: target.fieldId, message }];
  });
}
