export {
  type Acknowledgement,
  type AcknowledgeOptions,
  acknowledge,
  acknowledgementSchemaErrors,
  buildAcknowledgement,
  type ParsedAcknowledgement,
  parseAcknowledgement,
  type ReportAcknowledgement,
} from './ack.ts';
export {
  type CiomsOptions,
  ciomsMeddraTerms,
  type MeddraLookup,
  type MeddraNames,
  type MeddraTerm,
  renderCiomsI,
} from './cioms.ts';
export { type CaseMessage, exportBatch } from './export.ts';
export type { BatchHeader, MessageHeader } from './headers.ts';
export { type ImportedBatch, type ImportedCase, importBatch } from './import.ts';
export { isoToTs, tsToIso } from './mapping/dates.ts';
export type { Unmapped } from './mapping/engine.ts';
export { dataElementAt, type Normalised } from './mapping/normalise.ts';
export {
  type MessageFacts,
  messageCase,
  type SenderDetails,
  safetyReportId,
} from './message-case.ts';
export {
  type BatchInput,
  type CaseFindings,
  type Finding,
  type Language,
  type Profile,
  type ValidateOptions,
  type ValidationReport,
  validate,
  validateCase,
} from './validate/index.ts';
export { elementLabel, LANGUAGES } from './validate/messages.ts';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, type ParseLimits, XmlInputError } from './xml/parse.ts';
export { DEFAULT_SCHEMA_DIR, validateXsd, type XsdError } from './xsd.ts';
