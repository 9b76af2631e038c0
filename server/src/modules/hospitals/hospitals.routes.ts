import {
  ApiError,
  Hospital,
  HospitalCreateBody,
  HospitalLookup,
  HospitalLookupQuery,
  HospitalPatch,
  HospitalsQuery,
  IdParams,
  OrganisationHospitalsQuery,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import {
  createHospital,
  findHospitals,
  getHospital,
  lookupHospitals,
  patchHospital,
  removeHospital,
} from './hospitals.service.ts';

const tags = ['Reference data'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const changeErrors = { ...errors, 409: ApiError };
const readConfig = { auth: 'user-or-key' } as const;
const listNote =
  '; `query`: words (any order, accents and case ignored) each starting a word of the name, city or code; at most 500';

export function hospitalRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/hospitals',
    {
      config: readConfig,
      schema: {
        tags,
        summary: `An organisation's hospitals (the session's organisation by default), by name${listNote}`,
        querystring: HospitalsQuery,
        response: { 200: Type.Array(Hospital), ...errors },
      },
    },
    (request) =>
      findHospitals(db, request.actor, request.query.organisationId, {
        query: request.query.query,
        includeInactive: request.query.includeInactive ?? true,
      }),
  );
  app.get(
    '/v1/hospitals/lookup',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'Hospitals for a picker: the active ones matching `query` (at most `limit`, 20 by default); with `ids` (comma-separated), the hospitals of those ids in that order, inactive ones included',
        querystring: HospitalLookupQuery,
        response: { 200: Type.Array(HospitalLookup), ...errors },
      },
    },
    (request) => lookupHospitals(db, request.actor, request.query),
  );
  app.get(
    '/v1/organisation/:id/hospitals',
    {
      config: readConfig,
      schema: {
        tags: ['Organisations'],
        summary: `Hospitals reporters of the organisation may pick${listNote}`,
        params: IdParams,
        querystring: OrganisationHospitalsQuery,
        response: { 200: Type.Array(Hospital), ...errors },
      },
    },
    (request) =>
      findHospitals(
        db,
        request.actor,
        request.params.id,
        { query: request.query.query, includeInactive: request.query.includeInactive ?? true },
        'params/id',
      ),
  );
  app.get(
    '/v1/hospitals/:id',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'One hospital',
        params: IdParams,
        response: { 200: Hospital, ...errors },
      },
    },
    (request) => getHospital(db, request.actor, request.params.id),
  );
  app.post(
    '/v1/hospitals',
    {
      schema: {
        tags,
        summary:
          "Add a hospital to an organisation's list (organisation administrators); its code is unique in the organisation",
        body: HospitalCreateBody,
        response: { 201: Hospital, ...changeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createHospital(db, request.actor, request.body, request.id)),
  );
  app.patch(
    '/v1/hospitals/:id',
    {
      schema: {
        tags,
        summary:
          'Change a hospital: a JSON merge patch (RFC 7396) of name, code, city, country, active; null clears code, city or country',
        params: IdParams,
        body: HospitalPatch,
        response: { 200: Hospital, ...changeErrors },
      },
    },
    (request) => patchHospital(db, request.actor, request.params.id, request.body, request.id),
  );
  app.delete(
    '/v1/hospitals/:id',
    {
      schema: {
        tags,
        summary: 'Remove a hospital from the list (reports keep the name they were sent with)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeHospital(db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
}
