/**
 * A plain, namespace-resolved XML element tree: what the parser hands to the mapping and
 * what the mapping hands to the serialiser. Every element of an E2B message lives in the
 * HL7 v3 namespace, so names are local names; attributes in the XML Schema instance
 * namespace are keyed `xsi:…`, other namespaced attributes `{uri}name`.
 */
export interface XNode {
  name: string;
  /** Namespace URI of the element ('' when none). */
  ns: string;
  attrs: Record<string, string>;
  children: XNode[];
  /** The element's own text (its text and CDATA children, concatenated). */
  text: string;
  /** Line in the source document (0 for built nodes). */
  line: number;
}

export const HL7_NS = 'urn:hl7-org:v3';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

export function element(name: string, attrs: Record<string, string> = {}, children: XNode[] = []): XNode {
  return { name, ns: HL7_NS, attrs, children, text: '', line: 0 };
}

const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

export const escapeAttr = (value: string) => value.replace(/[&<>"\n\r\t]/g, (c) => ATTR_ESCAPES[c]!);
export const escapeText = (value: string) => value.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);

function attrName(key: string): string {
  if (key.startsWith('{')) throw new Error(`cannot serialise the foreign attribute ${key}`);
  return key;
}

/**
 * Serialises a tree as indented XML. The root declares the HL7 default namespace and xsi;
 * text-bearing elements are written on one line so that no whitespace enters their values.
 */
export function serialise(root: XNode, rootAttrs: Record<string, string> = {}): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (node: XNode, depth: number, extra: Record<string, string>) => {
    const indent = '\t'.repeat(depth);
    let open = `${indent}<${node.name}`;
    for (const [k, v] of Object.entries(extra)) open += ` ${k}="${escapeAttr(v)}"`;
    for (const [k, v] of Object.entries(node.attrs)) open += ` ${attrName(k)}="${escapeAttr(v)}"`;
    if (node.children.length === 0 && node.text === '') {
      out.push(`${open}/>\n`);
      return;
    }
    if (node.children.length === 0) {
      out.push(`${open}>${escapeText(node.text)}</${node.name}>\n`);
      return;
    }
    out.push(`${open}>${node.text === '' ? '' : escapeText(node.text)}\n`);
    for (const child of node.children) write(child, depth + 1, {});
    out.push(`${indent}</${node.name}>\n`);
  };
  write(root, 0, { xmlns: HL7_NS, 'xmlns:xsi': XSI_NS, ...rootAttrs });
  return out.join('');
}

/** One element as XML text (for reporting what could not be mapped, verbatim). */
export function fragment(node: XNode): string {
  return serialise(node)
    .replace(/^<\?xml[^>]*>\n/, '')
    .replace(` xmlns="${HL7_NS}" xmlns:xsi="${XSI_NS}"`, '')
    .trimEnd();
}
