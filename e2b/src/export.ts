import type { CaseDocument } from '@vigilo/contract';
import { type BatchHeader, MESSAGE_DEFAULTS, type MessageHeader } from './headers.ts';
import { el } from './mapping/dsl.ts';
import { render } from './mapping/engine.ts';
import { flatten } from './mapping/flatten.ts';
import { batchHead, batchTail, messageSpec } from './mapping/spec/message.ts';
import { serialise, type XNode } from './xml/tree.ts';

export interface CaseMessage {
  header: MessageHeader;
  document: CaseDocument;
}

/** One `PORR_IN049016UV` element for one case. */
export function messageElement(message: CaseMessage): XNode {
  const ctx = flatten(message.document, { ...MESSAGE_DEFAULTS, ...message.header });
  return render(messageSpec, ctx, true)!;
}

/**
 * Case documents → an ICH E2B(R3) `MCCI_IN200100UV01` batch with one `PORR_IN049016UV` per
 * case. The result is checked against the official schema by `validateXsd`, not here.
 */
export function exportBatch(batch: BatchHeader, messages: CaseMessage[]): string {
  const header = { messageType: '1', ...batch };
  const root = render(
    el('MCCI_IN200100UV01', { ITSVersion: 'XML_1.0' }, [...batchHead, ...batchTail]),
    header,
    true,
  )!;
  // The messages sit between the batch's `name` and its `receiver`.
  const at = root.children.findIndex((n) => n.name === 'receiver');
  root.children.splice(at === -1 ? root.children.length : at, 0, ...messages.map(messageElement));
  return serialise(root);
}
