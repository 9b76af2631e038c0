import type { E2bFinding, E2bProfile } from '@vigilo/contract';
import { validate } from '@vigilo/e2b';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ReportRow } from '../reports/reports.shared.ts';
import { findingLanguage, toFinding } from './e2b.findings.ts';
import { caseMessage } from './e2b.service.ts';

/**
 * The gates of decision 0244: a case is marked ready to submit, approved and distributed only
 * while the message for the receiver chosen has no error. Warnings are answered beside the
 * errors and never stop anything.
 */

/** One receiver's message and what its profile finds in it. */
export interface CheckedMessage {
  receiverId: string | null;
  receiverName: string | null;
  profile: E2bProfile;
  findings: E2bFinding[];
}

const errorsIn = (m: CheckedMessage) => m.findings.filter((f) => f.severity === 'error');

/** 409 MESSAGE_INVALID naming every message with an error (receiver, findings), or nothing. */
export function refuseInvalidMessages(messages: readonly CheckedMessage[], what: string): void {
  const failing = messages.filter((m) => errorsIn(m).length > 0);
  if (failing.length === 0) return;
  const errors = failing.reduce((n, m) => n + errorsIn(m).length, 0);
  const whose = failing
    .map((m) => `${m.receiverName ?? m.profile.toUpperCase()} (${m.profile.toUpperCase()})`)
    .join(', ');
  const first = errorsIn(failing[0]!)[0]!.message;
  throw new AppError(
    'MESSAGE_INVALID',
    `${what}: the message for ${whose} has ${errors} error${errors === 1 ? '' : 's'} to fix first. ${first}`,
    { messages: failing },
  );
}

/** The findings of an XML message already written, in the caller's language. */
export function checkXml(actor: Actor, xml: string, profile: E2bProfile): E2bFinding[] {
  const report = validate(xml, profile, { language: findingLanguage(actor) });
  return [...report.findings, ...report.cases.flatMap((c) => c.findings)].map(toFinding);
}

/**
 * `ready_to_submit` (decision 0244): the message for the organisation's default receiver, or ICH
 * where it has none, must have no error. Called by the reports service inside its transaction.
 */
export async function requireSubmittable(db: Db, actor: Actor, row: ReportRow, requestId: string) {
  const message = await caseMessage(db, actor, row, requestId);
  refuseInvalidMessages(
    [
      {
        receiverId: message.receiver?.id ?? null,
        receiverName: message.receiver?.name ?? null,
        profile: message.profile,
        findings: checkXml(actor, message.xml, message.profile),
      },
    ],
    'The case cannot be ready to submit',
  );
}
