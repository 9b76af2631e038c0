import { type Static, type TSchema, Type } from 'typebox';

/** A UUID, as every id in Vigilo is. */
export const Id = Type.String({ format: 'uuid' });

/** A user-id path value: a UUID or `@me` (the caller). Specification §9, C-5. */
export const UserRef = Type.String({
  pattern: '^(@me|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
  description: 'a user id, or `@me` for the caller',
});

/** Path parameters of a single-item route. */
export const IdParams = Type.Object({ id: Id });

/** A page of items. Every paginated list answers in this envelope. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
  });

/**
 * Paging bounds of every list: pages from 1 to 10,000 of at most 500 items (an offset at
 * most 5,000,000). Deeper than that a list is narrowed by its filters, not paged.
 */
export const pageLimits = { maxPage: 10_000, maxSize: 500 } as const;
export const PageNumber = Type.Integer({ minimum: 1, maximum: pageLimits.maxPage, default: 1 });
export const PageSize = Type.Integer({ minimum: 1, maximum: pageLimits.maxSize, default: 50 });
export const PageOffset = Type.Integer({
  minimum: 0,
  maximum: pageLimits.maxPage * pageLimits.maxSize,
  default: 0,
});

/** Query parameters of a paginated list: page from 1, size defaults to 50 (spec §9). */
export const PageQuery = Type.Object({ page: PageNumber, size: PageSize });
export type PageQuery = Static<typeof PageQuery>;

/** Timestamps are ISO 8601 strings in UTC. */
export const Timestamp = Type.String({ format: 'date-time' });

/** Why an action was taken, kept in the audit log (decision 0053). */
export const Reason = Type.String({ minLength: 1, maxLength: 1000 });

/** The body of an action that must say why: the service answers 400 naming body/reason without one. */
export const ReasonBody = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBody>;
