/** N.1: the batch wrapper. Dates are partial ISO dates like the case document's. */
export interface BatchHeader {
  /** N.1.2 */
  batchNumber: string;
  /** N.1.3 */
  batchSender: string;
  /** N.1.4 */
  batchReceiver: string;
  /** N.1.5, e.g. `2024-03-07T14:05:09+01:00` */
  transmissionTime: string;
  /** N.1.1, "1" = ichicsr (the default) */
  messageType?: string;
}

/** N.2.r: the header of one message (one case) in the batch. */
export interface MessageHeader {
  /** N.2.r.1 */
  messageId: string;
  /** N.2.r.2 */
  messageSender: string;
  /** N.2.r.3 */
  messageReceiver: string;
  /** N.2.r.4 */
  messageCreationTime: string;
  /** HL7 processing code: P production (default), D debugging, T training. */
  processingCode?: string;
  /** HL7 processing mode: T current (default), I initial load, A archive, R restore. */
  processingModeCode?: string;
  /** Acknowledgement wanted: AL always (default). */
  acceptAckCode?: string;
}

export const MESSAGE_DEFAULTS = {
  processingCode: 'P',
  processingModeCode: 'T',
  acceptAckCode: 'AL',
} as const;
