import { clientMessages } from '@vigilo/client';
import type { TFunction } from 'i18next';
import { fieldErrorText, readFieldErrors } from './server-errors.ts';

/** What the UI needs from a failed API call (an ApiRequestError, or anything else thrown). */
export interface ApiFailure {
  status: number | null;
  code: string | null;
  message: string | null;
}

/** Reads status, code and message from an ApiRequestError-shaped value; nulls for other errors. */
export function readApiFailure(error: unknown): ApiFailure {
  if (typeof error !== 'object' || error === null || !('status' in error)) {
    return { status: null, code: null, message: null };
  }
  const status = typeof error.status === 'number' ? error.status : null;
  const body = 'body' in error && typeof error.body === 'object' && error.body !== null ? error.body : {};
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  const bodyCode = 'code' in body && typeof body.code === 'string' ? body.code : null;
  const bodyMessage = 'message' in body && typeof body.message === 'string' ? body.message : null;
  return { status, code: code ?? bodyCode, message: bodyMessage };
}

/**
 * The message to show for a failed call, always in the interface language (decision 0037): the
 * code's sentence (`apiErrors.CODE`, every catalogue code has one in every language), followed
 * by a sentence per refused field when the answer names fields (`meta.fields`). The server's
 * own message is never shown: it is English and written for developers. A 5xx or a network
 * failure gets a generic text.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  const { status, code } = readApiFailure(error);
  if (status === null) return t('errors.network');
  if (status >= 500) return t('errors.server');
  const fields = readFieldErrors(error).map((field) => `${fieldErrorText(field, t)}.`);
  if (code === 'VALIDATION_FAILED' && fields.length > 0) return fields.join(' ');
  const fallback = status === 429 ? t('errors.tooManyRequests') : t('errors.unexpected');
  const sentence = code ? t(`apiErrors.${code}`, { defaultValue: fallback }) : fallback;
  return [sentence, ...fields].join(' ');
}

/**
 * The client's own alert strings (its `clientMessages`) in the interface language; any other
 * message is shown as given.
 */
export function clientAlertMessage(message: string, t: TFunction): string {
  const key = Object.entries(clientMessages).find(([, text]) => text === message)?.[0];
  return key ? t(`clientAlerts.${key}`, { defaultValue: message }) : message;
}
