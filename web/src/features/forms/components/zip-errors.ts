import type { TFunction } from 'i18next';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { readFieldErrors } from '../../../lib/server-errors.ts';

/**
 * Why the server refused a form's zip (decision 0068), in words: what the file is, not the
 * server's English. `body/file` carries the archive's own problems by reason; fields under it
 * (`body/file/schema/…`) are a form that does not fit this platform.
 */
export function zipRefusal(error: unknown, t: TFunction): string {
  const { status, code } = readApiFailure(error);
  if (status === 413 || code === 'PAYLOAD_TOO_LARGE') return t('forms.zip.errors.tooBig');
  if (code !== 'VALIDATION_FAILED') return apiErrorMessage(error, t);
  const fields = readFieldErrors(error);
  const file = fields.find((f) => f.field === 'body/file');
  if (file?.reason === 'notAllowed') return t('forms.zip.errors.escapes');
  if (file?.reason === 'tooLarge') return t('forms.zip.errors.unpacked');
  if (file?.reason === 'tooMany') return t('forms.zip.errors.entries');
  if (file) return t('forms.zip.errors.notForm');
  if (fields.some((f) => f.field.startsWith('body/file/'))) return t('forms.zip.errors.doesNotFit');
  return apiErrorMessage(error, t);
}
