import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { allTranslations } from '../../../test/translations.ts';
import { formsTexts } from '../texts/use-forms-texts.ts';
import { zipRefusal } from './zip-errors.ts';

const i18n = createI18n('en', allTranslations);
i18n.addResourceBundle('en', 'translation', await formsTexts.load('en'), true, true);
const t = i18n.t;

/** A refusal as the client raises it: status, and the server's body (decision 0068's shapes, by hand). */
const refusal = (status: number, code: string, fields: object[] = []) => ({
  status,
  code,
  body: {
    code,
    statusCode: status,
    message: 'English for developers',
    error: 'Bad Request',
    meta: { fields },
  },
});

describe('a refused form zip, in words', () => {
  it('names each refusal of the archive by what the reader can do about it', () => {
    expect(
      zipRefusal(
        refusal(400, 'VALIDATION_FAILED', [{ field: 'body/file', message: 'x', reason: 'format' }]),
        t,
      ),
    ).toBe(
      "This file is not a Vigilo form: choose a zip downloaded with “Download as zip” from a form's page.",
    );
    expect(
      zipRefusal(
        refusal(400, 'VALIDATION_FAILED', [{ field: 'body/file', message: 'x', reason: 'notAllowed' }]),
        t,
      ),
    ).toBe(
      'The zip holds a file whose name points outside the archive (such as ../ or a full path). Such a zip can be harmful, so nothing was imported.',
    );
    expect(
      zipRefusal(
        refusal(400, 'VALIDATION_FAILED', [
          { field: 'body/file', message: 'x', reason: 'tooLarge', limit: 10485760 },
        ]),
        t,
      ),
    ).toBe('The zip unpacks to more than 10 MB, more than any form needs. Nothing was imported.');
    expect(zipRefusal(refusal(413, 'PAYLOAD_TOO_LARGE'), t)).toBe(
      'The zip is larger than 5 MB. Nothing was imported.',
    );
    expect(
      zipRefusal(
        refusal(400, 'VALIDATION_FAILED', [
          { field: 'body/file/schema/fields/0/path', message: 'x', reason: 'notFound' },
        ]),
        t,
      ),
    ).toBe(
      "The form in the zip asks fields or uses conditions that do not fit this platform's case document. Nothing was imported.",
    );
  });
});
