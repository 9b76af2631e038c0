import {
  FormAudience,
  type FormConditions,
  FormConditions as FormConditionsSchema,
  FormFieldInput,
  FormLayout,
  type FormSchema,
  ReportTypeName,
} from '@vigilo/contract';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '../../platform/errors.ts';

/**
 * A form as a zip (decision 0068): one `form.json` holding the schema's fields and the
 * view's layout and conditions, with no ids, so the same file imports on any platform.
 * Import refuses, with a 400 naming what is wrong: a file that is not a zip, a zip without
 * a valid `form.json`, entry names that leave the archive (`../`, absolute), more than
 * MAX_ENTRIES entries and more than MAX_UNPACKED bytes unpacked (declared or actual).
 */
export const FORM_FILE = 'form.json';
export const MAX_UNPACKED = 10 * 1024 * 1024;
const MAX_ENTRIES = 100;
/** The largest zip accepted in a request (packed). */
export const MAX_ZIP_UPLOAD = 5 * 1024 * 1024;
/** What the file says it is; `formatVersion` changes when its shape does. */
const FORMAT = 'vigilo-form';

export const FormFile = Type.Object({
  format: Type.Literal(FORMAT),
  formatVersion: Type.Literal(1),
  schema: Type.Object({
    key: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 5000 }),
    reportType: ReportTypeName,
    fields: Type.Array(FormFieldInput, { minItems: 1, maxItems: 500 }),
  }),
  view: Type.Object({
    key: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    audience: FormAudience,
    layout: FormLayout,
    conditions: FormConditionsSchema,
  }),
});
export type FormFile = {
  format: typeof FORMAT;
  formatVersion: 1;
  schema: Pick<FormSchema, 'key' | 'name' | 'description' | 'reportType'> & { fields: FormFieldInput[] };
  view: {
    key: string;
    name: string;
    audience: 'public' | 'professional';
    layout: FormLayout;
    conditions: FormConditions;
  };
};

const refuse = (
  message: string,
  reason: 'format' | 'tooLarge' | 'notAllowed' | 'tooMany' = 'format',
  limit?: number,
) =>
  new AppError('VALIDATION_FAILED', message, {
    fields: [{ field: 'body/file', message, reason, ...(limit === undefined ? {} : { limit }) }],
  });

/** The zip of one form. */
export function packForm(form: FormFile): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(form, null, 2)), FORM_FILE, { mtime: new Date(0) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** yauzl's own refusals of unsafe names, in the words of this API. */
function unsafeName(error: Error): AppError | undefined {
  const m = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(
    error.message,
  );
  if (!m) return undefined;
  return refuse(`The archive holds an entry whose name leaves it (${m[2]!.slice(0, 100)})`, 'notAllowed');
}

/** Every entry's bytes, within the limits; throws a 400 AppError on anything hostile. */
async function unpack(buffer: Buffer): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (error) {
    throw unsafeName(error as Error) ?? refuse('The file is not a zip archive');
  }
  const files = new Map<string, Buffer>();
  let declared = 0;
  let actual = 0;
  let count = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(
        error instanceof AppError
          ? error
          : (unsafeName(error) ?? refuse(`The zip archive is damaged (${error.message.slice(0, 100)})`)),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: yauzl.Entry) => {
      count++;
      if (count > MAX_ENTRIES)
        return fail(refuse(`A form archive holds at most ${MAX_ENTRIES} files`, 'tooMany', MAX_ENTRIES));
      const name = entry.fileName;
      if (name.startsWith('/') || name.split(/[\\/]/).includes('..') || /^[A-Za-z]:/.test(name))
        return fail(
          refuse(`The archive holds an entry whose name leaves it (${name.slice(0, 100)})`, 'notAllowed'),
        );
      if (name.endsWith('/')) return zip.readEntry();
      declared += entry.uncompressedSize;
      if (declared > MAX_UNPACKED)
        return fail(refuse('The archive unpacks to more than 10 MB', 'tooLarge', MAX_UNPACKED));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          actual += chunk.length;
          // The sizes a zip declares can lie: the bytes really unpacked are counted too.
          if (actual > MAX_UNPACKED) {
            stream.destroy();
            fail(refuse('The archive unpacks to more than 10 MB', 'tooLarge', MAX_UNPACKED));
          } else chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          files.set(name, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** The form in a zip, checked; a 400 for anything that is not one. */
export async function unpackForm(buffer: Buffer): Promise<FormFile> {
  const files = await unpack(buffer);
  const file = files.get(FORM_FILE);
  if (!file) throw refuse(`The archive is not a form: it has no ${FORM_FILE}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.toString('utf8'));
  } catch {
    throw refuse(`The archive is not a form: ${FORM_FILE} is not JSON`);
  }
  if (!Value.Check(FormFile, parsed)) {
    const first = [...Value.Errors(FormFile, parsed)][0];
    throw refuse(
      `The archive is not a Vigilo form: ${FORM_FILE} ${first ? `${first.instancePath || '/'} ${first.message}` : 'has the wrong shape'}`,
    );
  }
  return parsed as FormFile;
}
