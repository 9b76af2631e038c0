import { fileURLToPath } from 'node:url';
import openapiTS from 'openapi-typescript';

/** Where the generated `paths` type is committed: the client exports it with its typed calls. */
export const openApiTypesFile = fileURLToPath(new URL('../../../client/src/openapi.ts', import.meta.url));

const header = `/**
 * The routes the server serves, as TypeScript types: written by \`npm run api:types\` from the
 * server's own OpenAPI document (server/src/openapi/). Do not edit by hand; the test
 * server/test/openapi-types.test.ts fails when this file is not what the server now produces.
 */
`;

interface Operation {
  parameters?: Array<{ required?: boolean; schema?: { default?: unknown } }>;
  responses?: Record<string, unknown>;
}

interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

/**
 * The document's types as openapi-typescript writes them, with two changes for callers: the
 * success answers only (every error is the one API error shape, which the client raises as
 * ApiRequestError (G-4), so 4xx entries would only repeat it a few hundred times), and a
 * parameter with a default is optional (the server fills it in: Ajv's useDefaults).
 */
export async function openApiTypes(document: unknown): Promise<string> {
  const doc = structuredClone(document) as Document;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation?.parameters ?? []) {
        if (parameter.schema?.default !== undefined) parameter.required = false;
      }
      const responses = operation?.responses ?? {};
      for (const status of Object.keys(responses)) if (!/^2\d\d$/.test(status)) delete responses[status];
    }
  }
  const types = await openapiTS(doc as Parameters<typeof openapiTS>[0], { exportType: false });
  return header + types.replace(/^\/\*\*\n \* This file was auto-generated[\s\S]*?\*\/\n+/, '\n');
}
