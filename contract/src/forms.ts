import { type Static, Type } from 'typebox';
import { literals } from './case-document-fields.ts';
import { Id, Timestamp } from './common.ts';

/**
 * Forms (issue 11, decision 0065): a form schema names the case-document fields a form
 * collects; a form view lays them out (sections, questions, labels, help, translations) with
 * conditions that show, hide or require; publishing freezes both into a form version, which
 * never changes and which a report records.
 */

/** A field of the case document: dotted names, `[]` for each item of a repeating block. */
export const FieldPath = Type.String({
  pattern: '^[A-Z](\\.[A-Za-z][A-Za-z0-9]*(\\[\\])?)+$',
  maxLength: 200,
  description: 'e.g. `D.sex`, `E.reactions[].nativeTerm`',
});
const Key = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Language = Type.String({ pattern: '^[a-z]{2,3}$' });
/** Text in each language of the form: `{"en": "Sex", "fr": "Sexe"}`. */
export const Translated = Type.Record(
  Type.String({ pattern: '^[a-z]{2,3}$' }),
  Type.String({ maxLength: 5000 }),
  {
    minProperties: 1,
  },
);
export type Translated = Static<typeof Translated>;
/** A condition expression of contract/src/conditions.ts, e.g. `D.sex == "2"`. */
export const ConditionExpression = Type.String({ minLength: 1, maxLength: 4000 });

export const reportTypes = ['adr', 'aefi', 'other'] as const;
export const ReportTypeName = literals(reportTypes);
export const formAudiences = ['public', 'professional'] as const;
export const FormAudience = literals(formAudiences);

/** How a field is answered, read from the case document's schema. */
export const fieldKinds = [
  'text',
  'code',
  'date',
  'boolean',
  'quantity',
  'coded',
  'attachment',
  'list',
  'group',
] as const;
export const FieldKind = literals(fieldKinds);

/** A field of a form schema as an administrator writes it. */
export const FormFieldInput = Type.Object(
  {
    path: FieldPath,
    /** The reporter must answer it (an "unknown" the field allows counts as an answer). */
    required: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FormFieldInput = Static<typeof FormFieldInput>;

/** A field bound to the case document, with what the server read there. */
export const FormField = Type.Object({
  path: FieldPath,
  /** The E2B(R3) data element id. */
  e2b: Type.String(),
  kind: FieldKind,
  required: Type.Boolean(),
  /** The null flavours E2B allows here ("I don't know", masked...). */
  nullFlavours: Type.Array(Type.String()),
  /** The codes a `code` field takes. */
  options: Type.Optional(Type.Array(Type.String())),
  maxLength: Type.Optional(Type.Integer()),
  pattern: Type.Optional(Type.String()),
});
export type FormField = Static<typeof FormField>;

export const FormSchema = Type.Object({
  id: Id,
  platformId: Id,
  /** Null: the whole platform's form. */
  organisationId: Type.Union([Id, Type.Null()]),
  key: Key,
  name: Name,
  description: Type.String(),
  reportType: ReportTypeName,
  fields: Type.Array(FormField),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: Type.Integer({ minimum: 1 }),
});
export type FormSchema = Static<typeof FormSchema>;

/** PUT /v1/formschema/{id}. */
export const FormSchemaUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    reportType: Type.Optional(ReportTypeName),
    fields: Type.Optional(Type.Array(FormFieldInput, { minItems: 1, maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type FormSchemaUpdateBody = Static<typeof FormSchemaUpdateBody>;

const Option = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: 50 }), label: Translated },
  { additionalProperties: false },
);

export const FormQuestion = Type.Object(
  {
    field: FieldPath,
    label: Translated,
    help: Type.Optional(Translated),
    /**
     * What the reporter is told when the question must be answered and is not, in GOV.UK's words
     * ("Enter the name of the medicine", "Select how the person is now"); without it, a message
     * made from the label (decision 0278).
     */
    error: Type.Optional(Translated),
    /** Labels of a code field's values, in the order shown; omitted codes are not offered. */
    options: Type.Optional(Type.Array(Option, { maxItems: 100 })),
    /**
     * A terminology arrangement, by name, whose entries are the choices (the reporter's
     * organisation's arrangement of that name; decision 0154). A text field takes the entry's
     * term, a code field its code (only codes the field allows).
     */
    picklist: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type FormQuestion = Static<typeof FormQuestion>;

export const FormSection = Type.Object(
  {
    id: Key,
    title: Translated,
    help: Type.Optional(Translated),
    /** A repeating block (e.g. `E.reactions`): the reporter adds one item or more. */
    repeat: Type.Optional(FieldPath),
    questions: Type.Array(FormQuestion, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type FormSection = Static<typeof FormSection>;

/** What a condition does to its targets (field paths, or `section:<id>`) while `when` is true. */
export const FormCondition = Type.Object(
  {
    when: ConditionExpression,
    action: Type.Union([Type.Literal('show'), Type.Literal('hide'), Type.Literal('require')]),
    targets: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type FormCondition = Static<typeof FormCondition>;
export const FormConditions = Type.Array(FormCondition, { maxItems: 500 });
export type FormConditions = Static<typeof FormConditions>;

/** The layout of a form view. */
export const FormLayout = Type.Object(
  {
    languages: Type.Array(Language, { minItems: 1, maxItems: 50 }),
    title: Translated,
    description: Type.Optional(Translated),
    sections: Type.Array(FormSection, { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type FormLayout = Static<typeof FormLayout>;

/** PUT /v1/formview/{id}: the draft an administrator edits; reporters see it once published. */
export const FormViewUpdateBody = Type.Object(
  {
    formSchemaId: Type.Optional(Id),
    name: Type.Optional(Name),
    audience: Type.Optional(FormAudience),
    layout: Type.Optional(FormLayout),
    conditions: Type.Optional(FormConditions),
  },
  { additionalProperties: false },
);
export type FormViewUpdateBody = Static<typeof FormViewUpdateBody>;

/**
 * POST /v1/formviews: a new form, a copy of a form the caller can read (`templateId`: its
 * sections, questions, conditions and fields), as a draft in `languages`. `organisationId`:
 * the session's organisation by default; null for the whole platform (its administrators).
 */
export const FormViewCreateBody = Type.Object(
  {
    name: Name,
    templateId: Id,
    audience: Type.Optional(FormAudience),
    languages: Type.Array(Language, { minItems: 1, maxItems: 50, uniqueItems: true }),
    organisationId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type FormViewCreateBody = Static<typeof FormViewCreateBody>;

/** Everything a report's form needs, frozen: what form-validation.ts and the reporting page read. */
export const FormVersionDefinition = Type.Object({
  key: Key,
  name: Name,
  audience: FormAudience,
  reportType: ReportTypeName,
  fields: Type.Array(FormField),
  layout: FormLayout,
  conditions: FormConditions,
});
export type FormVersionDefinition = Static<typeof FormVersionDefinition>;

/** One difference from the previous version: `path` in the definition, e.g. `layout.sections.patient.title.fr`. */
export const FormChange = Type.Object({
  path: Type.String(),
  change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
});
export type FormChange = Static<typeof FormChange>;

export const FormVersion = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Type.Union([Id, Type.Null()]),
  formViewId: Id,
  formSchemaId: Id,
  number: Type.Integer({ minimum: 1 }),
  definition: FormVersionDefinition,
  /** What changed since the previous version (empty for the first). */
  changes: Type.Array(FormChange),
  createdAt: Timestamp,
});
export type FormVersion = Static<typeof FormVersion>;

/**
 * A form view. For those who only fill forms in, `layout` and `conditions` are the published
 * version's; administrators see the draft they edit. GET /v1/formview/{id} adds `published`.
 */
export const FormView = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Type.Union([Id, Type.Null()]),
  formSchemaId: Id,
  key: Key,
  name: Name,
  audience: FormAudience,
  reportType: ReportTypeName,
  layout: FormLayout,
  conditions: FormConditions,
  /** The version reporters fill in now (null: never published). */
  publishedVersionId: Type.Union([Id, Type.Null()]),
  publishedVersionNumber: Type.Union([Type.Integer(), Type.Null()]),
  /** The published version in full (fields bound to the case document): what a reporting page renders. */
  published: Type.Optional(Type.Union([FormVersion, Type.Null()])),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: Type.Integer({ minimum: 1 }),
});
export type FormView = Static<typeof FormView>;

/** POST /v1/formversion: publish the view as it is now (with these conditions, when given). */
export const FormVersionCreateBody = Type.Object(
  { formViewId: Id, formSchemaId: Type.Optional(Id), conditions: Type.Optional(FormConditions) },
  { additionalProperties: false },
);
export type FormVersionCreateBody = Static<typeof FormVersionCreateBody>;

/** PUT /v1/formversion: publish a new version made from version `id` with these changes. */
export const FormVersionUpdateBody = Type.Object(
  {
    id: Id,
    formViewId: Type.Optional(Id),
    formSchemaId: Type.Optional(Id),
    conditions: Type.Optional(FormConditions),
  },
  { additionalProperties: false },
);
export type FormVersionUpdateBody = Static<typeof FormVersionUpdateBody>;

/** PUT /v1/formversion/{id}/conditions. */
export const FormVersionConditionsBody = Type.Object(
  { conditions: FormConditions },
  { additionalProperties: false },
);
export type FormVersionConditionsBody = Static<typeof FormVersionConditionsBody>;

/** A named condition of a platform or organisation. */
export const Condition = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Type.Union([Id, Type.Null()]),
  name: Name,
  description: Type.String(),
  /** The expression. */
  conditions: ConditionExpression,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: Type.Integer({ minimum: 1 }),
});
export type Condition = Static<typeof Condition>;

/** POST /v1/conditions (organisationId: the session's organisation by default; null = the platform's). */
export const ConditionCreateBody = Type.Object(
  {
    organisationId: Type.Optional(Type.Union([Id, Type.Null()])),
    name: Name,
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    conditions: ConditionExpression,
  },
  { additionalProperties: false },
);
export type ConditionCreateBody = Static<typeof ConditionCreateBody>;

export const ConditionChangeBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    conditions: Type.Optional(ConditionExpression),
  },
  { additionalProperties: false },
);
export type ConditionChangeBody = Static<typeof ConditionChangeBody>;

/** PUT /v1/conditions: `id` in the body. */
export const ConditionUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(Name),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    conditions: Type.Optional(ConditionExpression),
  },
  { additionalProperties: false },
);
export type ConditionUpdateBody = Static<typeof ConditionUpdateBody>;

export const IdQuery = Type.Object({ id: Id });

/** GET /v1/formviews. `platformId` says whose public forms an anonymous caller asks for. */
export const FormViewsQuery = Type.Object({
  platformId: Type.Optional(Id),
  audience: Type.Optional(FormAudience),
});
export type FormViewsQuery = Static<typeof FormViewsQuery>;

/** One published version in a view's history: when, by whom, and what changed. */
export const FormVersionSummary = Type.Object({
  id: Id,
  number: Type.Integer({ minimum: 1 }),
  createdAt: Timestamp,
  /** Who published it (null: an integration, or an account since deleted). */
  publishedBy: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
  changes: Type.Array(FormChange),
});
export type FormVersionSummary = Static<typeof FormVersionSummary>;

/** GET /v1/formview/{id}/versions: the history, newest first, and what the draft would change. */
export const FormViewVersions = Type.Object({
  versions: Type.Array(FormVersionSummary),
  /**
   * What publishing the draft now would record as its changes (the same comparison the
   * version keeps); empty when the draft is the published version, or nothing is published.
   */
  draftChanges: Type.Array(FormChange),
});
export type FormViewVersions = Static<typeof FormViewVersions>;
