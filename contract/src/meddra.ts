import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/** MedDRA (issue 13, decision 0111): releases side by side, searched and browsed with full paths. */

export const MeddraLevel = Type.Union([
  Type.Literal('soc'),
  Type.Literal('hlgt'),
  Type.Literal('hlt'),
  Type.Literal('pt'),
  Type.Literal('llt'),
]);
export type MeddraLevel = Static<typeof MeddraLevel>;

const MeddraCode = Type.Integer({
  minimum: 10_000_000,
  maximum: 99_999_999,
  description: 'an 8-digit MedDRA code',
});

export const MeddraLineError = Type.Object({
  file: Type.String(),
  /** 1-based line of the file (0: the file as a whole). */
  line: Type.Integer({ minimum: 0 }),
  message: Type.String(),
});

export const MeddraVersion = Type.Object({
  id: Id,
  /** The release, e.g. `27.0`. */
  version: Type.String(),
  language: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('importing'),
    Type.Literal('ready'),
    Type.Literal('failed'),
  ]),
  /** 0–100 while importing. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Terms per level and paths, once imported. */
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  errors: Type.Array(MeddraLineError),
  /** The release searches use when none is named: the newest ready one. */
  isDefault: Type.Boolean(),
  createdAt: Timestamp,
  finishedAt: Type.Union([Timestamp, Type.Null()]),
});
export type MeddraVersion = Static<typeof MeddraVersion>;

const Named = Type.Object({ code: MeddraCode, name: Type.String() });

/** One place in the hierarchy: the levels below the one asked for are null. */
export const MeddraPath = Type.Object({
  versionId: Id,
  version: Type.String(),
  llt: Type.Union([
    Type.Object({ code: MeddraCode, name: Type.String(), current: Type.Boolean() }),
    Type.Null(),
  ]),
  pt: Type.Union([Named, Type.Null()]),
  hlt: Type.Union([Named, Type.Null()]),
  hlgt: Type.Union([Named, Type.Null()]),
  soc: Type.Object({ code: MeddraCode, name: Type.String(), abbrev: Type.String() }),
  /** True on the PT's primary SOC path (always true above PT, where a path has no PT). */
  primary: Type.Boolean(),
});
export type MeddraPath = Static<typeof MeddraPath>;

export const MeddraSearchQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 200 }),
  versionId: Type.Optional(Id),
  /** Non-current LLTs are found but marked, and come after current ones; false leaves them out. */
  includeNonCurrent: Type.Optional(Type.Boolean({ default: true })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type MeddraSearchQuery = Static<typeof MeddraSearchQuery>;

export const MeddraLookupQuery = Type.Object({
  code: MeddraCode,
  versionId: Type.Optional(Id),
});
export type MeddraLookupQuery = Static<typeof MeddraLookupQuery>;

/** Browse: the SOCs, or the terms one level below `parentCode` (SOC → HLGT → HLT → PT → LLT). */
export const MeddraBrowseQuery = Type.Object({
  versionId: Type.Optional(Id),
  level: Type.Optional(MeddraLevel),
  parentCode: Type.Optional(MeddraCode),
});
export type MeddraBrowseQuery = Static<typeof MeddraBrowseQuery>;

export const MeddraTerm = Type.Object({
  level: MeddraLevel,
  code: MeddraCode,
  name: Type.String(),
  /** LLTs only: false for a non-current LLT (not offered for new coding). */
  current: Type.Boolean(),
});
export type MeddraTerm = Static<typeof MeddraTerm>;
