import { Type } from 'typebox';
import { bool, COUNTRY, code, codeLike, list, literals, obj, text } from './case-document-fields.ts';

/**
 * FDA regional elements of a drug (G.k) for combination products: the device constituent
 * parts (FDA.G.k.12.r), the "similar device" role, the FDA coded additional information and
 * the specialized product category. Where they sit in the XML: decision 0201.
 */

/** FDA.G.k.12.r: one device constituent part of a combination product. */
export const Device = obj({
  malfunction: bool('FDA.G.k.12.r.1'),
  /** 1 correction, 2 additional information, 3 response to an FDA request, 4 device evaluation. */
  followUpTypes: list('FDA.G.k.12.r.2.r', literals(['1', '2', '3', '4'], { e2b: 'FDA.G.k.12.r.2.r' })),
  /** FDA or IMDRF device problem codes (FDA checks the format only). */
  problemCodes: list('FDA.G.k.12.r.3.r', Type.String({ e2b: 'FDA.G.k.12.r.3.r', pattern: '^\\S{1,7}$' })),
  brandName: text('FDA.G.k.12.r.4', 80, ['NI']),
  commonName: text('FDA.G.k.12.r.5', 80, ['NI']),
  /** FDA device product code (e.g. FMF, "Syringe, Piston"). */
  productCode: codeLike('FDA.G.k.12.r.6', '^\\S{1,10}$'),
  manufacturer: Type.Optional(
    obj(
      {
        name: text('FDA.G.k.12.r.7.1a', 100),
        street: text('FDA.G.k.12.r.7.1b', 100),
        city: text('FDA.G.k.12.r.7.1c', 35),
        state: text('FDA.G.k.12.r.7.1d', 40),
        country: codeLike('FDA.G.k.12.r.7.1e', COUNTRY),
      },
      'FDA.G.k.12.r.7',
    ),
  ),
  /** 1 initial use, 2 reuse, 3 unknown. */
  usage: code('FDA.G.k.12.r.8', ['1', '2', '3']),
  lotNumber: text('FDA.G.k.12.r.9', 100),
  /** 1 health professional, 2 lay user or patient, 3 other. */
  operator: code('FDA.G.k.12.r.10', ['1', '2', '3']),
  /** 1 recall … 9 other. */
  remedialActions: list(
    'FDA.G.k.12.r.11.r',
    literals(['1', '2', '3', '4', '5', '6', '7', '8', '9'], { e2b: 'FDA.G.k.12.r.11.r' }),
  ),
});

/** The FDA fields of a drug, spread into its object. */
export const FdaDrugFields = {
  /** FDA.G.k.1.a: 1 = similar device (beside G.k.1 = 4, drug not administered). */
  fdaOtherRole: code('FDA.G.k.1.a', ['1']),
  /** FDA.G.k.10.1: NCI code of the combination product type (C102834 … C102842). */
  fdaSpecializedProductCategory: codeLike('FDA.G.k.10.1', '^\\S{1,10}$'),
  /** FDA.G.k.10a: 1 test, 2 reference, 3–5 bulk and private label kinds, or NA. */
  fdaAdditionalInformationCodes: list(
    'FDA.G.k.10a',
    Type.Union([
      literals(['1', '2', '3', '4', '5'], { e2b: 'FDA.G.k.10a' }),
      Type.Object({ nullFlavor: Type.Literal('NA') }, { additionalProperties: false }),
    ]),
  ),
  devices: list('FDA.G.k.12.r', Device),
};
