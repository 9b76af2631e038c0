import { XmlInputError } from './parse.ts';
import { type XNode, XSI_NS } from './tree.ts';

/**
 * Builds the plain tree from text that libxml2 has already accepted as well-formed (the
 * parser is the gate; see parse.ts). Walking libxml2's tree through WebAssembly costs a call
 * per property, so reading the text again in JavaScript is several times faster. Only what
 * a well-formed document without a DOCTYPE can hold is handled: elements, attributes,
 * text, CDATA, comments, processing instructions, the five predefined entities and
 * character references.
 */
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.includes('&')
    ? s.replace(ENTITY, (_, name: string, dec: string, hex: string) =>
        name ? NAMED[name]! : String.fromCodePoint(dec ? Number(dec) : Number.parseInt(hex, 16)),
      )
    : s;
const ATTR = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

export function tokenize(input: string, maxDepth: number): XNode {
  const src = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const stack: { node: XNode; ns: Map<string, string> }[] = [];
  let root: XNode | undefined;
  let line = 1;
  let counted = 0;
  const lineAt = (pos: number) => {
    for (let i = src.indexOf('\n', counted); i !== -1 && i < pos; i = src.indexOf('\n', i + 1)) line++;
    counted = pos;
    return line;
  };
  let pos = 0;
  while (pos < src.length) {
    const lt = src.indexOf('<', pos);
    const end = lt === -1 ? src.length : lt;
    const top = stack[stack.length - 1];
    if (top && end > pos) top.node.text += decode(src.slice(pos, end));
    if (lt === -1) break;
    if (src.startsWith('<!--', lt)) pos = src.indexOf('-->', lt + 4) + 3;
    else if (src.startsWith('<![CDATA[', lt)) {
      const close = src.indexOf(']]>', lt + 9);
      if (top) top.node.text += src.slice(lt + 9, close);
      pos = close + 3;
    } else if (src.startsWith('<?', lt)) pos = src.indexOf('?>', lt + 2) + 2;
    else if (src.startsWith('</', lt)) {
      stack.pop();
      pos = src.indexOf('>', lt + 2) + 1;
    } else {
      let i = lt + 1;
      while (i < src.length && !/[\s/>]/.test(src[i]!)) i++;
      const qname = src.slice(lt + 1, i);
      const raw: [string, string][] = [];
      ATTR.lastIndex = i;
      for (let m = ATTR.exec(src); m; m = ATTR.exec(src)) {
        raw.push([m[1]!, decode((m[2] ?? m[3]!).replace(/[\t\n]/g, ' '))]);
        i = ATTR.lastIndex;
      }
      while (src[i] !== '>' && src[i] !== '/') i++;
      const selfClosing = src[i] === '/';
      pos = src.indexOf('>', i) + 1;
      const ns = new Map(top?.ns);
      for (const [k, v] of raw) {
        if (k === 'xmlns') ns.set('', v);
        else if (k.startsWith('xmlns:')) ns.set(k.slice(6), v);
      }
      const colon = qname.indexOf(':');
      const node: XNode = {
        name: colon === -1 ? qname : qname.slice(colon + 1),
        ns: ns.get(colon === -1 ? '' : qname.slice(0, colon)) ?? '',
        attrs: {},
        children: [],
        text: '',
        line: lineAt(lt),
      };
      for (const [k, v] of raw) {
        if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
        const c = k.indexOf(':');
        if (c === -1) node.attrs[k] = v;
        else {
          const uri = ns.get(k.slice(0, c)) ?? '';
          node.attrs[uri === XSI_NS ? `xsi:${k.slice(c + 1)}` : `{${uri}}${k.slice(c + 1)}`] = v;
        }
      }
      if (top) top.node.children.push(node);
      else root = node;
      if (!selfClosing) {
        if (stack.length + 1 > maxDepth) {
          throw new XmlInputError('XML_TOO_DEEP', `Elements nest deeper than ${maxDepth} levels.`, node.line);
        }
        stack.push({ node, ns });
      }
    }
  }
  if (!root)
    throw new XmlInputError('XML_MALFORMED', 'The file holds no element.', undefined, {
      reason: 'no element',
    });
  return root;
}
