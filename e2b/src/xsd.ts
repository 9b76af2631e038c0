import { closeSync, openSync, readSync, realpathSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ParseOption,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { type ParseLimits, parseDocument } from './xml/parse.ts';

/**
 * XSD validation against the official ICH schemas (decision 0042). The schemas ship inside
 * this package (`e2b/schemas`, copied unchanged from ICH); a caller may point at another
 * copy with `schemaDir`. libxml2 reads the schema's includes through an input provider
 * that opens files under the schema folder only, so an XSD include can never reach the
 * rest of the disk or the network.
 */
export const DEFAULT_SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

export const SCHEMAS = {
  batch: 'multicacheschemas/MCCI_IN200100UV01.xsd',
  acknowledgement: 'multicacheschemas/MCCI_IN200101UV01.xsd',
} as const;

export interface XsdError {
  message: string;
  line: number;
}

const allowedRoots = new Set<string>();

function inside(file: string): string | null {
  let path = file.startsWith('file://') ? fileURLToPath(file) : file;
  try {
    path = realpathSync(path);
  } catch {
    return null;
  }
  for (const root of allowedRoots) if (path.startsWith(root + sep)) return path;
  return null;
}

let registered = false;
function registerSchemaProvider(dir: string): void {
  allowedRoots.add(realpathSync(dir));
  if (registered) return;
  registered = true;
  xmlRegisterInputProvider({
    match: (file) => inside(file) !== null,
    open: (file) => {
      const path = inside(file);
      if (path === null) return undefined;
      try {
        return openSync(path, 'r');
      } catch {
        return undefined;
      }
    },
    read: (fd, buf) => {
      try {
        return readSync(fd as number, buf, 0, buf.byteLength, null);
      } catch {
        return -1;
      }
    },
    close: (fd) => {
      closeSync(fd as number);
      return true;
    },
  });
}

const validators = new Map<string, XsdValidator>();

/** The compiled validator of one schema, compiled once per process (~250 ms) and kept. */
export function validatorFor(schema: keyof typeof SCHEMAS, schemaDir = DEFAULT_SCHEMA_DIR): XsdValidator {
  const file = join(schemaDir, SCHEMAS[schema]);
  let validator = validators.get(file);
  if (!validator) {
    registerSchemaProvider(schemaDir);
    const source = XmlDocument.fromBuffer(new Uint8Array(readFile(file)), { url: file });
    try {
      validator = XsdValidator.fromDoc(source);
    } finally {
      source.dispose();
    }
    validators.set(file, validator);
  }
  return validator;
}

function readFile(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    const buf = Buffer.alloc(65536);
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf))
      chunks.push(Buffer.from(buf.subarray(0, n)));
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

/** Validates a message against the ICH schema; an empty list means valid. */
export function validateXsd(
  xml: string | Uint8Array,
  schema: keyof typeof SCHEMAS = 'batch',
  options: ParseLimits & { schemaDir?: string } = {},
): XsdError[] {
  const validator = validatorFor(schema, options.schemaDir);
  // Whitespace-only text between elements is not content in E2B; leaving it out of the
  // tree makes validation about a third faster. COMPACT stores short texts inside their
  // nodes (the tree is only read, never changed): another 5–8 %.
  const doc = parseDocument(xml, options, ParseOption.XML_PARSE_NOBLANKS | ParseOption.XML_PARSE_COMPACT);
  try {
    return check(validator, doc);
  } finally {
    doc.dispose();
  }
}

/**
 * Validates a document already parsed with NOBLANKS and COMPACT (as `parseRootDocument`
 * does): `validate` reads a message's tree and checks its schema from one parse.
 */
export function validateDocument(
  doc: XmlDocument,
  schema: keyof typeof SCHEMAS = 'batch',
  schemaDir?: string,
): XsdError[] {
  return check(validatorFor(schema, schemaDir), doc);
}

function check(validator: XsdValidator, doc: XmlDocument): XsdError[] {
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) {
      return error.details.map((d) => ({ message: d.message.trim(), line: d.line ?? 0 }));
    }
    throw error;
  }
}
