import { writeFile } from 'node:fs/promises';
import { openApiDocument } from './document.ts';
import { openApiTypes, openApiTypesFile } from './types.ts';

/** `npm run api:types`: writes client/src/openapi.ts from the routes the server now has. */
const types = await openApiTypes(await openApiDocument());
await writeFile(openApiTypesFile, types);
console.log(`wrote ${openApiTypesFile}`);
