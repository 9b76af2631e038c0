import { clientMessages } from '@vigilo/client';
import type { TFunction } from 'i18next';

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
 * The message to show for a failed call. A known code is translated when the current language
 * has a text for it (`apiErrors.CODE`); otherwise a 4xx shows the server's own message; a 5xx or
 * a network failure shows a generic text, never the server's internals.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  const { status, code, message } = readApiFailure(error);
  if (status === null) return t('errors.network');
  if (status >= 500) return t('errors.server');
  const fallback = message ?? (status === 429 ? t('errors.tooManyRequests') : t('errors.unexpected'));
  return code ? t(`apiErrors.${code}`, { defaultValue: fallback }) : fallback;
}

/**
 * The client's own alert strings (its `clientMessages`) in the interface language; any other
 * message is shown as given.
 */
export function clientAlertMessage(message: string, t: TFunction): string {
  const key = Object.entries(clientMessages).find(([, text]) => text === message)?.[0];
  return key ? t(`clientAlerts.${key}`, { defaultValue: message }) : message;
}
