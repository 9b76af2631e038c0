import { ApiRequestError } from '@vigilo/client';
import { errorCodes, fieldReasons } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { allTranslations } from '../test/translations.ts';
import { apiErrorMessage } from './api-errors.ts';
import { createI18n } from './i18n.ts';
import { serverFieldErrors } from './server-errors.ts';

const en = createI18n('en', allTranslations).t;
const fr = createI18n('fr', allTranslations).t;

const refusal = (status: number, code: string, message: string, fields?: unknown[]) =>
  new ApiRequestError(status, {
    code,
    statusCode: status,
    message,
    error: 'x',
    meta: fields ? { fields } : {},
  });

type Tree = Record<string, Record<string, unknown>>;
const tree = (lang: 'en' | 'fr') => allTranslations[lang] as unknown as Tree;

describe('errors in words (decision 0037)', () => {
  it('every code of the catalogue has an English and a French sentence, and they differ', () => {
    const missing: string[] = [];
    for (const code of Object.keys(errorCodes)) {
      const english = tree('en').apiErrors?.[code];
      const french = tree('fr').apiErrors?.[code];
      if (typeof english !== 'string' || !english) missing.push(`en ${code}`);
      if (typeof french !== 'string' || !french) missing.push(`fr ${code}`);
      else if (french === english) missing.push(`fr ${code} (untranslated)`);
    }
    expect(missing).toEqual([]);
  });

  it('every field reason has an English and a French sentence', () => {
    for (const reason of fieldReasons) {
      expect(tree('en').serverErrors?.fields, reason).toHaveProperty(reason);
      expect(tree('fr').serverErrors?.fields, reason).toHaveProperty(reason);
    }
  });

  it('turns validator output into a sentence per field, never the validator text', () => {
    const error = refusal(
      400,
      'VALIDATION_FAILED',
      'Invalid request: querystring/token must NOT have fewer than 10 characters',
      [
        {
          field: 'querystring/token',
          message: 'must NOT have fewer than 10 characters',
          reason: 'tooShort',
          limit: 10,
        },
      ],
    );
    expect(apiErrorMessage(error, en)).toBe('Link must be 10 characters or more.');
    expect(apiErrorMessage(error, fr)).toBe('Le champ « lien » doit comporter au moins 10 caractères.');
    expect(apiErrorMessage(error, en)).not.toMatch(/querystring|must NOT/);
  });

  it('puts each refused field beside its input with the form’s own label', () => {
    const error = refusal(400, 'VALIDATION_FAILED', 'x', [
      { field: 'body/email', message: 'must match format "email"', reason: 'format' },
      { field: 'body/email', message: 'second error on the same field', reason: 'tooLong', limit: 5 },
      { field: 'body/firstName', message: 'is required', reason: 'required' },
      { field: 'body/other', message: 'not on this form', reason: 'invalid' },
    ]);
    const fields = {
      'body/email': { fieldId: 'f-email', label: 'Email address' },
      'body/firstName': { fieldId: 'f-first', label: 'First name' },
    };
    expect(serverFieldErrors(error, fields, en)).toEqual([
      { fieldId: 'f-email', message: 'Enter email address in the right format' },
      { fieldId: 'f-first', message: 'Enter first name' },
    ]);
    expect(serverFieldErrors(error, fields, fr)).toEqual([
      { fieldId: 'f-email', message: 'Le champ « email address » n’est pas au bon format' },
      { fieldId: 'f-first', message: 'Renseignez le champ « first name »' },
    ]);
  });

  it('a wrong second-step code, the password rules and a wrong current password have their own sentences', () => {
    const code = refusal(400, 'VALIDATION_FAILED', 'The code is not right, or it has expired or been used', [
      { field: 'body/code', message: 'x', reason: 'wrongCode' },
    ]);
    expect(apiErrorMessage(code, en)).toMatch(/^The code is not right, or it has expired/);
    expect(apiErrorMessage(code, fr)).toMatch(/^Le code n’est pas le bon/);
    const short = refusal(400, 'VALIDATION_FAILED', 'x', [
      { field: 'body/password', message: 'x', reason: 'passwordTooShort', limit: 12 },
    ]);
    expect(apiErrorMessage(short, en)).toBe('Your password must be at least 12 characters.');
    expect(apiErrorMessage(short, fr)).toBe('Votre mot de passe doit comporter au moins 12 caractères.');
    const current = refusal(400, 'VALIDATION_FAILED', 'x', [
      { field: 'body/currentPassword', message: 'x', reason: 'wrongPassword' },
    ]);
    expect(apiErrorMessage(current, fr)).toBe('Votre mot de passe actuel n’est pas le bon.');
  });

  it('a refusal without fields says its code in the reader’s language; unknown codes and 5xx stay generic', () => {
    const credentials = refusal(401, 'INVALID_CREDENTIALS', 'email, username or password is not right');
    expect(apiErrorMessage(credentials, en)).toBe('The email address, username or password is not right.');
    expect(apiErrorMessage(credentials, fr)).toBe('Les informations de connexion saisies sont incorrectes.');
    expect(apiErrorMessage(refusal(409, 'SOMETHING_NEW', 'raw English'), en)).toBe(
      'Something went wrong. Try again.',
    );
    expect(apiErrorMessage(refusal(500, 'INTERNAL_ERROR', 'stack trace'), fr)).toMatch(/de notre côté/);
    expect(apiErrorMessage(new TypeError('Failed to fetch'), en)).toMatch(/could not reach/);
  });
});
