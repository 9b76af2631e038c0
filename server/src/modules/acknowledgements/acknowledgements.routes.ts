import {
  Acknowledgement,
  AcknowledgementBody,
  AckToXmlBody,
  AckXmlQuery,
  AckXmlUrlBody,
  ApiError,
  DownloadUrl,
  IdParams,
  ReportIdParams,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { urlSigner } from '../../platform/signed-urls.ts';
import { contentDisposition } from '../../platform/storage-s3.ts';
import { originOf } from '../files/files.store.ts';
import {
  ACK_XML_PATH,
  type AckContext,
  acknowledgementDownload,
  acknowledgementXml,
  acknowledgementXmlUrl,
  createAcknowledgement,
  getAcknowledgement,
  reportAcknowledgements,
} from './acknowledgements.service.ts';

const tags = ['Acknowledgements'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export function acknowledgementRoutes(app: AppInstance): void {
  const signer = urlSigner(app.deps.config);
  const context = (request: FastifyRequest): AckContext => ({
    deps: app.deps,
    signer,
    origin: originOf(request),
    requestId: request.id,
  });
  const ackBodyLimit = 2 * app.deps.config.e2bMaxBytes + 1024;

  app.post(
    '/v1/acknowledgements',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: ackBodyLimit,
      schema: {
        tags,
        summary: 'Record an acknowledgement of a report: `ack` (ICH XML) or `ackJSON`',
        body: AcknowledgementBody,
        response: { 201: Acknowledgement, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAcknowledgement(context(request), request.actor, request.body)),
  );
  app.get(
    '/v1/acknowledgements/report/:reportId',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "A report's acknowledgements, newest first",
        params: ReportIdParams,
        response: { 200: Type.Array(Acknowledgement), ...errors },
      },
    },
    (request) => reportAcknowledgements(context(request), request.actor, request.params.reportId),
  );
  app.get(
    '/v1/acknowledgements/:id',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'One acknowledgement',
        params: IdParams,
        response: { 200: Acknowledgement, ...errors },
      },
    },
    (request) => getAcknowledgement(context(request), request.actor, request.params.id),
  );
  app.post(
    '/v1/acknowledgements/json2xml',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: ackBodyLimit,
      schema: {
        tags,
        summary: 'An acknowledgement (ackJSON, or ack to check and echo) as ICH XML text; nothing is stored',
        body: AckToXmlBody,
        produces: ['application/xml'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/xml; charset=utf-8')
        .send(acknowledgementXml(app.deps, request.actor, request.body)),
  );
  app.post(
    '/v1/acknowledgements/xml-url',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'A short-lived signed link to GET /v1/acknowledgements/xml for these ids (G-7)',
        body: AckXmlUrlBody,
        response: { 200: DownloadUrl, ...errors },
      },
    },
    (request) => acknowledgementXmlUrl(context(request), request.actor, request.body.ids),
  );
  app.get(
    ACK_XML_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The XML of one or several acknowledgements, opened by browser navigation (G-7)',
        description:
          'No Authorization header: the link is signed (ids, expiry, key) by xml-url or an acknowledgement’s xmlUrl, and works for 5 minutes. One id answers its XML; several a zip of one XML file each.',
        querystring: AckXmlQuery,
        produces: ['application/xml', 'application/zip'],
        response: { 200: Type.Unknown({ description: 'The XML file, or a zip of them' }), ...errors },
      },
    },
    async (request, reply) => {
      const { ids = '' } = signer.verify(ACK_XML_PATH, request.query as Record<string, unknown>);
      const file = await acknowledgementDownload(app.deps.db, ids.split(','));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
