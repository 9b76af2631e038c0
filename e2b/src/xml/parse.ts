import { ParseOption, XmlDocument, type XmlElement, XmlParseError } from 'libxml2-wasm';
import {
  XmlNamedNodeStruct,
  XmlNodeStruct,
  XmlNsStruct,
  xmlNodeGetContent,
} from 'libxml2-wasm/lib/libxml2.mjs';
import { HL7_NS, XML_NS, type XNode, XSI_NS } from './tree.ts';

/** Limits of the hardened parser; both can be raised by the caller. */
export interface ParseLimits {
  /** Largest accepted document, in bytes as received, a string's in UTF-8 (default 20 MB). */
  maxBytes?: number;
  /** Deepest accepted element nesting (default 100; E2B messages nest about 30 deep). */
  maxDepth?: number;
}
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 100;

export type XmlProblemCode =
  | 'XML_TOO_LARGE'
  | 'XML_DOCTYPE_REFUSED'
  | 'XML_MALFORMED'
  | 'XML_TOO_DEEP'
  | 'XML_WRONG_ROOT';

/**
 * A document refused before any mapping: the caller answers 400 with `code` and `message`
 * (English); `details` are the values the message names, for saying it in another language.
 */
export class XmlInputError extends Error {
  constructor(
    readonly code: XmlProblemCode,
    message: string,
    readonly line?: number,
    readonly details: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.name = 'XmlInputError';
  }
}

/**
 * Never NOENT, DTDLOAD or DTDVALID: entities are not substituted and no DTD is fetched.
 * NONET forbids network access, NO_XXE external entities.
 */
export const SAFE_PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

/**
 * E2B messages never carry a document type declaration. Refusing any DOCTYPE before the
 * parser runs closes the door on entity expansion ("billion laughs") and external
 * entities at once, whatever the parser would do with them; a DTD libxml2 still finds
 * (in an encoding the look below missed) is refused after parsing.
 */
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
const refuseDoctype = () =>
  new XmlInputError(
    'XML_DOCTYPE_REFUSED',
    'The file declares a DOCTYPE or entities; E2B(R3) messages never do, so it is refused.',
  );

/** UTF-16 told by its byte order mark or its first `<`; anything else shares ASCII (UTF-8, ISO-8859-x). */
function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const [a, b] = bytes;
  if ((a === 0xff && b === 0xfe) || (a === 0x3c && b === 0x00)) return 'utf-16le';
  if ((a === 0xfe && b === 0xff) || (a === 0x00 && b === 0x3c)) return 'utf-16be';
  return undefined;
}

/**
 * libxml2 counts lines by line feeds only, so a file ending its lines with CR alone (FDA's
 * scenario 5 files do) would be all "line 1". XML reads CR, CRLF and LF as one LF (XML 1.0
 * §2.11), so turning each lone CR into LF first changes nothing else; a copy is made only
 * when there is one.
 */
function lineFeeds(bytes: Uint8Array, utf16: ReturnType<typeof utf16Of>): Uint8Array {
  if (bytes.indexOf(0x0d) === -1) return bytes;
  const out = new Uint8Array(bytes);
  const step = utf16 ? 2 : 1;
  const lo = utf16 === 'utf-16be' ? 1 : 0;
  let changed = false;
  for (let i = 0; i + step - 1 < out.length; i += step) {
    const isCr = out[i + lo] === 0x0d && (step === 1 || out[i + 1 - lo] === 0);
    const next = i + step;
    const lfNext = out[next + lo] === 0x0a && (step === 1 || out[next + 1 - lo] === 0);
    if (isCr && !lfNext) {
      out[i + lo] = 0x0a;
      changed = true;
    }
  }
  return changed ? out : bytes;
}

/**
 * Parses untrusted XML into a libxml2 document (the caller disposes it). Bytes are read in the
 * encoding they declare (UTF-8, UTF-16 with or without a byte order mark, ISO-8859-1…),
 * decided by libxml2 alone; a string is already text, so its own declaration is not followed.
 */
export function parseDocument(
  xml: string | Uint8Array,
  limits: ParseLimits = {},
  extraOptions = 0,
): XmlDocument {
  const size = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.byteLength;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  if (size > maxBytes) {
    throw new XmlInputError(
      'XML_TOO_LARGE',
      `The file is ${size} bytes; at most ${maxBytes} bytes are accepted.`,
      undefined,
      { bytes: size, maxBytes },
    );
  }
  const utf16 = typeof xml === 'string' ? undefined : utf16Of(xml);
  // UTF-8 decoding keeps the ASCII of every other encoding libxml2 reads, enough to see a DOCTYPE.
  const text = typeof xml === 'string' ? xml : new TextDecoder(utf16 ?? 'utf-8').decode(xml);
  if (DOCTYPE.test(text)) throw refuseDoctype();
  const bytes = lineFeeds(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, utf16);
  let doc: XmlDocument;
  try {
    // fromBuffer is about a third faster than fromString for the same text.
    doc = XmlDocument.fromBuffer(bytes, {
      option: SAFE_PARSE_OPTIONS | extraOptions,
      ...(typeof xml === 'string' ? { encoding: 'utf-8' } : {}),
    });
  } catch (error) {
    if (error instanceof XmlParseError) {
      const first = error.details[0];
      const reason = first ? first.message.trim() : error.message;
      const depth = /depth/i.test(reason);
      throw new XmlInputError(
        depth ? 'XML_TOO_DEEP' : 'XML_MALFORMED',
        depth
          ? 'The file nests elements too deeply to be an E2B(R3) message.'
          : `The file is not well-formed XML: ${reason}${first?.line ? ` (line ${first.line})` : ''}.`,
        first?.line,
        depth ? {} : { reason, ...(first?.line ? { line: first.line } : {}) },
      );
    }
    throw error;
  }
  if (doc.dtd !== null) {
    doc.dispose();
    throw refuseDoctype();
  }
  return doc;
}

function attributeKey(name: string, ns: string): string {
  if (ns === '') return name;
  if (ns === XSI_NS) return `xsi:${name}`;
  if (ns === XML_NS) return `xml:${name}`;
  return `{${ns}}${name}`;
}

// libxml2-wasm's own struct readers (version pinned in package.json): the tree walk reads
// node fields by pointer instead of making an XmlNode object per node and per attribute,
// which was half of reading a large message (issue 26 item 11). Same fields, same order.
const ELEMENT = 1;
const ATTRIBUTE = 2;
const TEXT = 3;
const CDATA = 4;
const nsOf = (ptr: number) => {
  const ns = XmlNamedNodeStruct.namespace(ptr);
  return ns ? XmlNsStruct.href(ns) : '';
};

/**
 * Copies libxml2's element tree into a plain tree, refusing nesting deeper than `maxDepth`.
 * Text and CDATA are joined; comments and processing instructions are not data.
 */
export function toTree(root: XmlElement, maxDepth = DEFAULT_MAX_DEPTH): XNode {
  const convert = (ptr: number, depth: number): XNode => {
    if (depth > maxDepth) {
      throw new XmlInputError(
        'XML_TOO_DEEP',
        `Elements nest deeper than ${maxDepth} levels.`,
        XmlNodeStruct.line(ptr),
      );
    }
    const attrs: Record<string, string> = {};
    for (let a = XmlNodeStruct.properties(ptr); a; a = XmlNodeStruct.next(a)) {
      if (XmlNodeStruct.type(a) === ATTRIBUTE)
        attrs[attributeKey(XmlNodeStruct.name_(a), nsOf(a))] = xmlNodeGetContent(a);
    }
    const node: XNode = {
      name: XmlNodeStruct.name_(ptr),
      ns: nsOf(ptr),
      attrs,
      children: [],
      text: '',
      line: XmlNodeStruct.line(ptr),
    };
    for (let c = XmlNodeStruct.children(ptr); c; c = XmlNodeStruct.next(c)) {
      const type = XmlNodeStruct.type(c);
      if (type === ELEMENT) node.children.push(convert(c, depth + 1));
      else if (type === TEXT || type === CDATA) node.text += xmlNodeGetContent(c);
    }
    return node;
  };
  return convert((root as unknown as { _nodePtr: number })._nodePtr, 1);
}

/**
 * Parses and checks the root element's name and namespace: the one reader of every input
 * (decision 0220), whatever its encoding. White space between elements is left out of the
 * tree (NOBLANKS): it is layout, and the tree walk is the slow part of reading. The caller
 * disposes the document; the schema check reads the same one (`validateDocument`).
 */
export function parseRootDocument(xml: string | Uint8Array, rootName: string, limits: ParseLimits = {}) {
  const doc = parseDocument(xml, limits, ParseOption.XML_PARSE_COMPACT | ParseOption.XML_PARSE_NOBLANKS);
  const root = doc.root;
  if (root.name !== rootName || root.namespaceUri !== HL7_NS) {
    const refusal = new XmlInputError(
      'XML_WRONG_ROOT',
      `Expected a ${rootName} element in the namespace ${HL7_NS}; the file starts with ${root.name}` +
        `${root.namespaceUri ? ` in ${root.namespaceUri}` : ' in no namespace'}.`,
      root.line,
      { expected: rootName, namespace: HL7_NS, found: root.name, foundNamespace: root.namespaceUri ?? '' },
    );
    doc.dispose();
    throw refusal;
  }
  return doc;
}

/** `parseRootDocument`, as the plain tree the mapping reads. */
export function parseRoot(xml: string | Uint8Array, rootName: string, limits: ParseLimits = {}): XNode {
  const doc = parseRootDocument(xml, rootName, limits);
  try {
    return toTree(doc.root, limits.maxDepth);
  } finally {
    doc.dispose();
  }
}
