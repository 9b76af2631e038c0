import type { SubmissionReport } from '@vigilo/contract';
import { createFakeApi, makeUser, membership, testSession } from '../../../test/render.tsx';

export const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
export const RECEIVER_ID = '00000000-0000-4000-8000-0000000000a1';
export const REPORT_ID = '00000000-0000-4000-8000-0000000000c1';

/** A submission report as the API answers it; override any field. */
export function submissionReport(n: number, overrides: Partial<SubmissionReport> = {}): SubmissionReport {
  return {
    id: `00000000-0000-4000-8000-00000000010${n}`,
    submissionId: `00000000-0000-4000-8000-00000000020${n}`,
    organisationId: organisation.id,
    reportId: REPORT_ID,
    receiverId: RECEIVER_ID,
    receiverName: 'FDA ESG',
    caseReference: `K7HD-3MX${n}-R`,
    messageId: `K7HD-3MX${n}-R-1-0000010${n}`,
    profile: 'fda',
    masked: true,
    valid: true,
    findings: [],
    status: 'SENT',
    statusReason: null,
    reasonCode: null,
    manuallyProcessedReason: null,
    reviewStatus: 'PENDING',
    approvalComment: null,
    rejectionComment: null,
    signature: null,
    reviewRequired: false,
    serious: true,
    dayZero: '2026-11-01',
    dueDate: '2026-11-16',
    overdue: false,
    dueSoon: false,
    attempts: 1,
    maxAttempts: 16,
    nextAttemptAt: null,
    resendCount: 0,
    resentAt: null,
    lastError: null,
    httpStatus: 200,
    ackCode: null,
    ackErrors: [],
    sentAt: '2026-11-02T09:00:00.000Z',
    lateByDays: null,
    acknowledgedAt: null,
    createdAt: '2026-11-02T08:59:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

/** A fake API signed in as `role` of the organisation. */
export function signedInAs(role: 'organisation_staff' | 'assessor' | 'organisation_admin') {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership(role, organisation)] }));
  return fake;
}

export const page = <T>(items: T[], total = items.length) => ({ items, page: 1, size: 50, total });
