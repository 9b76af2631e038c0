import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';
import { E2bProfile } from './e2b.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const text = (max: number) => Nullable(Type.String({ minLength: 1, maxLength: max }));

/**
 * The sender profile of an organisation (decision 0242): the E2B(R3) sender (C.3) of every
 * message it writes, and the sender identifier in its case ids (C.1.1 `country-sender-number`).
 * Null = not set: the message then takes the organisation's own name, country, telephone and
 * email, and a sender type from its kind.
 */
const senderProfileFields = {
  /** The sender identifier in C.1.1 and, where a receiver names none, N.1.3 and N.2.r.2. */
  identifier: Nullable(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' })),
  /** C.3.1: 1 pharmaceutical company, 2 regulatory authority, 3 health professional, 4 regional pharmacovigilance centre, 5 WHO collaborating centre, 6 other. */
  type: Type.Union([
    Type.Literal('1'),
    Type.Literal('2'),
    Type.Literal('3'),
    Type.Literal('4'),
    Type.Literal('5'),
    Type.Literal('6'),
    Type.Null(),
  ]),
  /** C.3.2 */
  organisation: text(100),
  /** C.3.3.1 */
  department: text(60),
  /** C.3.3.2 */
  title: text(50),
  /** C.3.3.3 */
  givenName: text(60),
  /** C.3.3.5 */
  familyName: text(60),
  /** C.3.4.1 */
  street: text(100),
  /** C.3.4.2 */
  city: text(35),
  /** C.3.4.3 */
  state: text(40),
  /** C.3.4.4 */
  postcode: text(15),
  /** C.3.4.5, ISO 3166-1 alpha-2 (also the country of C.1.1). */
  country: Nullable(Type.String({ pattern: '^[A-Z]{2}$' })),
  /** C.3.4.6 */
  telephone: text(33),
  /** C.3.4.8 */
  email: Nullable(Type.String({ format: 'email', maxLength: 100 })),
};

/** PUT /v1/organisation/{id}/sender-profile: the whole profile (a field left out is cleared). */
export const SenderProfileBody = Type.Partial(Type.Object(senderProfileFields), {
  additionalProperties: false,
});
export type SenderProfileBody = Static<typeof SenderProfileBody>;

/** GET/PUT /v1/organisation/{id}/sender-profile. */
export const SenderProfile = Type.Object({
  organisationId: Id,
  ...senderProfileFields,
  /** 0 until first saved; send it back as `If-Match: "<version>"` to refuse a stale write (412). */
  version: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Union([Timestamp, Type.Null()]),
});
export type SenderProfile = Static<typeof SenderProfile>;

/**
 * POST /v1/report/{id}/xml/validation: an unsaved case document (the case form's), checked as
 * its message would be written; nothing is stored. `profile` as in the GET.
 */
export const E2bDraftValidationBody = Type.Object(
  {
    report: Type.Record(Type.String(), Type.Unknown()),
    profile: Type.Optional(E2bProfile),
  },
  { additionalProperties: false },
);
export type E2bDraftValidationBody = Static<typeof E2bDraftValidationBody>;
