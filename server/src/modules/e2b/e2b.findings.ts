import type { E2bFinding, ErrorCode, FieldError } from '@vigilo/contract';
import { type Finding, XmlInputError } from '@vigilo/e2b';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Language, languageOf } from '../../platform/language.ts';

/**
 * The language findings are worded in (decision 0155): the signed-in user's, as the web app
 * shows them; an application's key (a gateway) gets English, the language of acknowledgements.
 */
export const findingLanguage = (actor: Actor): Language =>
  actor.application ? 'en' : languageOf(actor.profile.language);

/** `C.primarySources[0].country` → `report/C/primarySources/0/country`: the form field the finding concerns. */
export const fieldOf = (casePath: string) =>
  `report/${casePath.replace(/\[(\d+)\]/g, '.$1').replaceAll('.', '/')}`;

/** A library finding as the API answers it, with the form field it links to. */
export const toFinding = (f: Finding): E2bFinding => ({
  layer: f.layer,
  severity: f.severity,
  rule: f.rule,
  ...(f.rules ? { rules: f.rules } : {}),
  ...(f.dataElement ? { dataElement: f.dataElement } : {}),
  ...(f.xpath ? { xpath: f.xpath } : {}),
  ...(f.casePath ? { casePath: f.casePath, field: fieldOf(f.casePath) } : {}),
  message: f.message,
  ...(f.line ? { line: f.line } : {}),
});

/** Each refusal of the hardened parser (decision 0045) and the catalogue code it answers with (all 400). */
const XML_REFUSALS: Record<XmlInputError['code'], ErrorCode> = {
  XML_TOO_LARGE: 'XML_TOO_LARGE',
  XML_DOCTYPE_REFUSED: 'XML_DOCTYPE_REFUSED',
  XML_MALFORMED: 'XML_MALFORMED',
  XML_TOO_DEEP: 'XML_TOO_DEEP',
  XML_WRONG_ROOT: 'XML_WRONG_ROOT',
};

/** A file or body over the E2B size limit: 400 XML_TOO_LARGE, the answer the parser gives (decision 0096). */
export const xmlTooLarge = (field: string, maxBytes: number) =>
  new AppError('XML_TOO_LARGE', `The file is larger than ${maxBytes} bytes, the most accepted.`, {
    fields: [{ field, message: `must be at most ${maxBytes} bytes`, reason: 'tooLarge', limit: maxBytes }],
  });

/** Room beside the file in a multipart body: part headers, boundaries and the small `organisationId`. */
export const MULTIPART_ALLOWANCE = 1024 * 1024;

/** Refused XML (hostile, malformed, too large, not E2B) as a 400 naming the problem. */
export function xmlRefusal(error: unknown, field: string): never {
  if (error instanceof XmlInputError)
    throw new AppError(XML_REFUSALS[error.code], error.message, {
      fields: [{ field, message: error.message, reason: 'invalid' }],
      ...(error.line ? { line: error.line } : {}),
    });
  throw error;
}

/** A case document the exporter cannot write (a malformed date, a control character) as a 400. */
export function exportRefusal(error: unknown, field: string): never {
  if (error instanceof RangeError)
    throw new AppError('VALIDATION_FAILED', `The case cannot be written as E2B(R3): ${error.message}`, {
      fields: [{ field, message: error.message, reason: 'invalid' } satisfies FieldError],
    });
  throw error;
}

/** 400 VALIDATION_FAILED with every field, or nothing. */
export function refuseFields(fields: FieldError[], what: string): void {
  if (fields.length === 0) return;
  const count = fields.length === 1 ? 'one answer needs' : `${fields.length} answers need`;
  throw new AppError('VALIDATION_FAILED', `${what}: ${count} attention`, { fields });
}
