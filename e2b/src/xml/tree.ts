/**
 * A plain, namespace-resolved XML element tree: what the parser hands to the mapping. Every
 * element of an E2B message lives in the HL7 v3 namespace, so names are local names;
 * attributes in the XML Schema instance namespace are keyed `xsi:…`, in the XML namespace
 * `xml:…` (`xml:lang`), other namespaced attributes `{uri}name`.
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
/** The namespace of `xml:lang` and `xml:space`, bound to the prefix `xml` in every document. */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

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

/**
 * One element as indented XML text, for reporting what could not be mapped verbatim. Names in
 * the HL7 namespace are written bare (the report is read, not parsed again); an element of
 * another namespace declares it, and an attribute of one gets a prefix declared beside it.
 */
export function fragment(root: XNode): string {
  const out: string[] = [];
  const write = (node: XNode, depth: number, inherited: string) => {
    const indent = '\t'.repeat(depth);
    let open = `${indent}<${node.name}`;
    if (node.ns !== inherited) open += ` xmlns="${escapeAttr(node.ns)}"`;
    let prefixes = 0;
    for (const [k, v] of Object.entries(node.attrs)) {
      const foreign = /^\{(.*)\}(.+)$/.exec(k);
      if (foreign) {
        const prefix = `ns${++prefixes}`;
        open += ` xmlns:${prefix}="${escapeAttr(foreign[1]!)}" ${prefix}:${foreign[2]}="${escapeAttr(v)}"`;
      } else open += ` ${k}="${escapeAttr(v)}"`;
    }
    if (node.children.length === 0) {
      out.push(node.text === '' ? `${open}/>` : `${open}>${escapeText(node.text)}</${node.name}>`);
      return;
    }
    out.push(`${open}>${escapeText(node.text)}`);
    for (const child of node.children) write(child, depth + 1, node.ns);
    out.push(`${indent}</${node.name}>`);
  };
  write(root, 0, HL7_NS);
  return out.join('\n');
}
