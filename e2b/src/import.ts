import type { CaseDocument } from '@vigilo/contract';
import type { BatchHeader, MessageHeader } from './headers.ts';
import { Reader, type Unmapped } from './mapping/engine.ts';
import { nest } from './mapping/flatten.ts';
import { type Normalised, normaliseCodes } from './mapping/normalise.ts';
import { batchSpec } from './mapping/spec/message.ts';
import { type ParseLimits, parseRoot } from './xml/parse.ts';
import type { XNode } from './xml/tree.ts';

export interface ImportedCase {
  header: Partial<MessageHeader>;
  document: CaseDocument;
  /** What this message held that has no place in the case document, verbatim. */
  unmapped: Unmapped[];
  /** Codes the message wrote in the wrong case, stored in the right one (`eu` → `EU`). */
  normalised: Normalised[];
}

export interface ImportedBatch {
  batch: Partial<BatchHeader>;
  cases: ImportedCase[];
  /** What the batch wrapper held outside its messages that could not be mapped. */
  unmapped: Unmapped[];
}

const ROOT = '/MCCI_IN200100UV01';

/**
 * An E2B(R3) batch → one case document per `PORR_IN049016UV`. Nothing is dropped silently:
 * whatever the mapping does not consume is returned in `unmapped` with its XPath.
 * Throws `XmlInputError` for input that is not a well-formed E2B(R3) batch.
 */
export function importBatch(xml: string | Uint8Array, limits: ParseLimits = {}): ImportedBatch {
  return importTree(parseRoot(xml, 'MCCI_IN200100UV01', limits));
}

/** `importBatch` of a batch already read into its tree. */
export function importTree(tree: XNode): ImportedBatch {
  const reader = new Reader();
  const ctx: Record<string, unknown> = {};
  reader.read(batchSpec, tree, ctx);
  const all = reader.unmapped(tree, ROOT);
  const { messages, ...batch } = ctx as { messages?: Record<string, unknown>[] } & Partial<BatchHeader>;
  const messageNodes = tree.children.filter((c) => c.name === 'PORR_IN049016UV');
  const cases = (messages ?? []).map((flat, i) => {
    const prefix = `${ROOT}/PORR_IN049016UV[${i + 1}]`;
    const { doc, header } = nest(flat);
    const { document, normalised } = normaliseCodes(doc);
    return {
      header: header as Partial<MessageHeader>,
      document,
      normalised,
      unmapped: all.filter((u) => u.xpath === prefix || u.xpath.startsWith(`${prefix}/`)),
    };
  });
  if (messageNodes.length !== cases.length) throw new Error('every message should map to one case');
  return {
    batch,
    cases,
    unmapped: all.filter((u) => !u.xpath.startsWith(`${ROOT}/PORR_IN049016UV[`)),
  };
}
