import type { CaseDocument } from '@vigilo/contract';
import { type BatchHeader, MESSAGE_DEFAULTS, type MessageHeader } from './headers.ts';
import { flatten } from './mapping/flatten.ts';
import { batchSpec } from './mapping/spec/message.ts';
import { writeDocument } from './mapping/writer.ts';

export interface CaseMessage {
  header: MessageHeader;
  document: CaseDocument;
}

/**
 * Case documents → an ICH E2B(R3) `MCCI_IN200100UV01` batch with one `PORR_IN049016UV` per
 * case. The result is checked against the official schema by `validateXsd`, not here.
 * Throws RangeError for a date that is not a partial date (validation reports it first).
 */
export function exportBatch(batch: BatchHeader, messages: CaseMessage[]): string {
  return writeDocument(batchSpec, {
    messageType: '1',
    ...batch,
    messages: messages.map((m) => flatten(m.document, { ...MESSAGE_DEFAULTS, ...m.header })),
  });
}
