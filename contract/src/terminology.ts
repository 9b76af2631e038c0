import { type Static, Type } from 'typebox';
import { Id, Page, PageNumber, PageSize, Timestamp } from './common.ts';

/**
 * Terminology (issue 13, decision 0110): an organisation's dictionaries of coded entries
 * (a dictionary is a name its entries share, e.g. `routes-local`), and arrangements, the
 * ordered, hierarchical picklists that forms show, made of a dictionary's entries.
 */

/** A dictionary's name: lower-case letters, digits and dashes (it appears in paths). */
export const DictionaryName = Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,62}$' });

const Code = Type.String({ minLength: 1, maxLength: 100 });
const Term = Type.String({ minLength: 1, maxLength: 500 });
const Reference = Type.String({ minLength: 1, maxLength: 200 });
/** Terms in other languages, by ISO 639-1 code: `{ "fr": "Voie orale" }`. */
const Translations = Type.Record(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }), Term);
/** Free attributes of an entry (strings, numbers, booleans), e.g. `{ "e2bCode": "048" }`. */
const Attributes = Type.Record(
  Type.String({ minLength: 1, maxLength: 100 }),
  Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]),
);

export const TerminologyEntry = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  dictionary: DictionaryName,
  code: Code,
  term: Term,
  /** The entry above this one in its dictionary's hierarchy (same dictionary), or null. */
  parentId: Type.Union([Id, Type.Null()]),
  /** Where the dictionary is used or comes from (a form question key, an E2B field), for the look-up by reference. */
  reference: Type.Union([Reference, Type.Null()]),
  attributes: Attributes,
  translations: Translations,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TerminologyEntry = Static<typeof TerminologyEntry>;

/** POST /v1/terminology-entries. organisationId defaults to the session's organisation. */
export const TerminologyEntryCreateBody = Type.Object(
  {
    organisationId: Type.Optional(Id),
    dictionary: DictionaryName,
    code: Code,
    term: Term,
    parentId: Type.Optional(Type.Union([Id, Type.Null()])),
    reference: Type.Optional(Type.Union([Reference, Type.Null()])),
    attributes: Type.Optional(Attributes),
    translations: Type.Optional(Translations),
  },
  { additionalProperties: false },
);
export type TerminologyEntryCreateBody = Static<typeof TerminologyEntryCreateBody>;

/**
 * PATCH /v1/terminology-entries/{id}: a JSON merge patch (RFC 7396) of the editable fields.
 * `null` removes (parent, reference, one attribute, one translation); a field left out stays.
 * The dictionary and organisation of an entry do not change.
 */
export const TerminologyEntryPatch = Type.Object(
  {
    code: Type.Optional(Code),
    term: Type.Optional(Term),
    parentId: Type.Optional(Type.Union([Id, Type.Null()])),
    reference: Type.Optional(Type.Union([Reference, Type.Null()])),
    attributes: Type.Optional(
      Type.Union([
        Type.Record(
          Type.String({ minLength: 1, maxLength: 100 }),
          Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
        ),
        Type.Null(),
      ]),
    ),
    translations: Type.Optional(
      Type.Union([
        Type.Record(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }), Type.Union([Term, Type.Null()])),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type TerminologyEntryPatch = Static<typeof TerminologyEntryPatch>;

/** Lists of entries: one organisation (the session's by default), optionally one dictionary and words. */
export const TerminologyEntriesQuery = Type.Object({
  organisationId: Type.Optional(Id),
  dictionary: Type.Optional(DictionaryName),
  query: Type.Optional(Type.String({ maxLength: 200 })),
});
export type TerminologyEntriesQuery = Static<typeof TerminologyEntriesQuery>;

export const TerminologyEntriesPageQuery = Type.Object({
  organisationId: Type.Optional(Id),
  dictionary: Type.Optional(DictionaryName),
  query: Type.Optional(Type.String({ maxLength: 200 })),
  page: PageNumber,
  size: PageSize,
});
export type TerminologyEntriesPageQuery = Static<typeof TerminologyEntriesPageQuery>;

export const TerminologyEntryPage = Page(TerminologyEntry);
export type TerminologyEntryPage = Static<typeof TerminologyEntryPage>;

export const DictionaryParams = Type.Object({ dictionary: DictionaryName });
export const ReferenceParams = Type.Object({ reference: Reference });
/** Search in one organisation's entries: words in code, term or translations (accents and case ignored). */
export const TerminologySearchQuery = Type.Object({
  organisationId: Type.Optional(Id),
  query: Type.Optional(Type.String({ maxLength: 200 })),
});
export type TerminologySearchQuery = Static<typeof TerminologySearchQuery>;

/**
 * One item of an arrangement: an entry of the arrangement's dictionary and the item it sits
 * under (`parentEntryId`, an entry listed earlier in the same arrangement; null at the top).
 * Siblings keep the order of the list: a flat list that is also a tree.
 */
export const ArrangementItem = Type.Object(
  { entryId: Id, parentEntryId: Type.Optional(Type.Union([Id, Type.Null()])) },
  { additionalProperties: false },
);
export type ArrangementItem = Static<typeof ArrangementItem>;

const ArrangementName = Type.String({ minLength: 1, maxLength: 200 });
const ArrangementItems = Type.Array(ArrangementItem, { maxItems: 5000 });

export const TerminologyArrangement = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  name: ArrangementName,
  dictionary: DictionaryName,
  description: Type.String(),
  /** The picklist, in order; an item names the item it sits under (a tree). */
  items: ArrangementItems,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TerminologyArrangement = Static<typeof TerminologyArrangement>;

export const TerminologyArrangementCreateBody = Type.Object(
  {
    organisationId: Type.Optional(Id),
    name: ArrangementName,
    dictionary: DictionaryName,
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    items: Type.Optional(ArrangementItems),
  },
  { additionalProperties: false },
);
export type TerminologyArrangementCreateBody = Static<typeof TerminologyArrangementCreateBody>;

/** PATCH /v1/terminology-arrangements/{id}: a JSON merge patch; `items`, an array, replaces the whole list (RFC 7396). */
export const TerminologyArrangementPatch = Type.Object(
  {
    name: Type.Optional(ArrangementName),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    items: Type.Optional(ArrangementItems),
  },
  { additionalProperties: false },
);
export type TerminologyArrangementPatch = Static<typeof TerminologyArrangementPatch>;

export const TerminologyArrangementsQuery = Type.Object({
  organisationId: Type.Optional(Id),
  dictionary: Type.Optional(DictionaryName),
});
export type TerminologyArrangementsQuery = Static<typeof TerminologyArrangementsQuery>;
