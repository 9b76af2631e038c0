import {
  ApiError,
  DictionaryParams,
  IdParams,
  ReferenceParams,
  TerminologyArrangement,
  TerminologyArrangementCreateBody,
  TerminologyArrangementPatch,
  TerminologyArrangementsQuery,
  TerminologyEntriesPageQuery,
  TerminologyEntriesQuery,
  TerminologyEntry,
  TerminologyEntryCreateBody,
  TerminologyEntryPage,
  TerminologyEntryPatch,
  TerminologySearchQuery,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import {
  createArrangement,
  createEntry,
  findArrangements,
  findEntries,
  getArrangement,
  getEntry,
  pageOfEntries,
  patchArrangement,
  patchEntry,
  removeArrangement,
  removeEntry,
} from './terminology.service.ts';

const tags = ['Terminology'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const changeErrors = { ...errors, 409: ApiError };
const readConfig = { auth: 'user-or-key' } as const;
const patchNote = ' Send `Content-Type: application/merge-patch+json` (or application/json): RFC 7396.';

export function terminologyRoutes(app: AppInstance): void {
  // ─── entries ──────────────────────────────────────────────────────────────
  app.get(
    '/v1/terminology-entries',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          "An organisation's dictionary entries (the session's organisation by default), by dictionary then code; at most 500 (the paginated list reaches all)",
        querystring: TerminologyEntriesQuery,
        response: { 200: Type.Array(TerminologyEntry), ...errors },
      },
    },
    (request) =>
      findEntries(app.deps.db, request.actor, request.query.organisationId, {
        dictionary: request.query.dictionary,
        query: request.query.query,
      }),
  );
  app.get(
    '/v1/terminology-entries/paginated',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'A page of entries (size defaults to 50), optionally of one dictionary and matching words',
        querystring: TerminologyEntriesPageQuery,
        response: { 200: TerminologyEntryPage, ...errors },
      },
    },
    (request) =>
      pageOfEntries(
        app.deps.db,
        request.actor,
        request.query.organisationId,
        { dictionary: request.query.dictionary, query: request.query.query },
        request.query.page,
        request.query.size,
      ),
  );
  app.get(
    '/v1/terminology-entries/dictionary/:dictionary',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'Search one dictionary: every word of `query` (any order, accents and case ignored) in the code, term or a translation; at most 500',
        params: DictionaryParams,
        querystring: TerminologySearchQuery,
        response: { 200: Type.Array(TerminologyEntry), ...errors },
      },
    },
    (request) =>
      findEntries(app.deps.db, request.actor, request.query.organisationId, {
        dictionary: request.params.dictionary,
        query: request.query.query,
      }),
  );
  app.get(
    '/v1/terminology-entries/reference/:reference',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'The entries that carry one reference (where a dictionary is used, e.g. a form question key)',
        params: ReferenceParams,
        querystring: TerminologySearchQuery,
        response: { 200: Type.Array(TerminologyEntry), ...errors },
      },
    },
    (request) =>
      findEntries(app.deps.db, request.actor, request.query.organisationId, {
        reference: request.params.reference,
        query: request.query.query,
      }),
  );
  app.get(
    '/v1/terminology-entries/:id',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'One entry',
        params: IdParams,
        response: { 200: TerminologyEntry, ...errors },
      },
    },
    (request) => getEntry(app.deps.db, request.actor, request.params.id),
  );
  app.post(
    '/v1/terminology-entries',
    {
      schema: {
        tags,
        summary:
          'Add an entry to a dictionary (a new dictionary name starts a dictionary); codes are unique per dictionary',
        body: TerminologyEntryCreateBody,
        response: { 201: TerminologyEntry, ...changeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEntry(app.deps.db, request.actor, request.body, request.id)),
  );
  app.patch(
    '/v1/terminology-entries/:id',
    {
      schema: {
        tags,
        summary: `Change an entry: a JSON merge patch of code, term, parentId, reference, attributes, translations.${patchNote}`,
        params: IdParams,
        body: TerminologyEntryPatch,
        response: { 200: TerminologyEntry, ...changeErrors },
      },
    },
    (request) => patchEntry(app.deps.db, request.actor, request.params.id, request.body, request.id),
  );
  app.delete(
    '/v1/terminology-entries/:id',
    {
      schema: {
        tags,
        summary: 'Remove an entry (409 while an arrangement lists it); entries below it move to the top',
        params: IdParams,
        response: { 204: Type.Null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await removeEntry(app.deps.db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );

  // ─── arrangements ─────────────────────────────────────────────────────────
  app.get(
    '/v1/terminology-arrangements',
    {
      config: readConfig,
      schema: {
        tags,
        summary: "An organisation's arrangements (picklists), optionally of one dictionary",
        querystring: TerminologyArrangementsQuery,
        response: { 200: Type.Array(TerminologyArrangement), ...errors },
      },
    },
    (request) =>
      findArrangements(app.deps.db, request.actor, request.query.organisationId, request.query.dictionary),
  );
  app.get(
    '/v1/terminology-arrangements/:id',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'One arrangement',
        params: IdParams,
        response: { 200: TerminologyArrangement, ...errors },
      },
    },
    (request) => getArrangement(app.deps.db, request.actor, request.params.id),
  );
  app.post(
    '/v1/terminology-arrangements',
    {
      schema: {
        tags,
        summary: "Create an arrangement: an ordered, hierarchical picklist of one dictionary's entries",
        body: TerminologyArrangementCreateBody,
        response: { 201: TerminologyArrangement, ...changeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createArrangement(app.deps.db, request.actor, request.body, request.id)),
  );
  app.patch(
    '/v1/terminology-arrangements/:id',
    {
      schema: {
        tags,
        summary: `Change an arrangement: a JSON merge patch of name, description, items (an array replaces the list).${patchNote}`,
        params: IdParams,
        body: TerminologyArrangementPatch,
        response: { 200: TerminologyArrangement, ...changeErrors },
      },
    },
    (request) => patchArrangement(app.deps.db, request.actor, request.params.id, request.body, request.id),
  );
  app.delete(
    '/v1/terminology-arrangements/:id',
    {
      schema: {
        tags,
        summary: 'Remove an arrangement (its entries stay)',
        params: IdParams,
        response: { 204: Type.Null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await removeArrangement(app.deps.db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
}
