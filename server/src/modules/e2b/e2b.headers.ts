import type { E2bProfile } from '@vigilo/contract';
import type { BatchHeader, MessageHeader } from '@vigilo/e2b';

/**
 * The transmission headers (N.1, N.2.r) of a case written as E2B(R3) by Vigilo (decision
 * 0095). Receivers come with a later issue: until then each profile names its regulator's
 * well-known receiver identifiers, and the sender is the organisation's id.
 */
const RECEIVERS: Record<E2bProfile, { batch: string; message: string }> = {
  ich: { batch: 'ICH', message: 'ICH' },
  fda: { batch: 'ZZFDA', message: 'CDER' },
  eu: { batch: 'EVHUMAN', message: 'EVHUMAN' },
};

/** The profile of the organisation's default receiver: ICH until receivers exist (decision 0095). */
export const DEFAULT_PROFILE: E2bProfile = 'ich';

/** An HL7 TS with its offset, to the second: `2026-11-24T16:05:09+00:00`. */
const timestamp = (at: Date) => `${at.toISOString().slice(0, 19)}+00:00`;

export function headersFor(
  message: { id: string; organisationId: string },
  profile: E2bProfile,
  // The time of writing the message, never stored: the server's clock is fine here.
  at = new Date(),
): { batch: BatchHeader; header: MessageHeader } {
  const receiver = RECEIVERS[profile];
  const time = timestamp(at);
  return {
    batch: {
      batchNumber: message.id,
      batchSender: message.organisationId,
      batchReceiver: receiver.batch,
      transmissionTime: time,
    },
    header: {
      messageId: message.id,
      messageSender: message.organisationId,
      messageReceiver: receiver.message,
      messageCreationTime: time,
    },
  };
}
