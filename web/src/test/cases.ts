import { testSession } from './render.tsx';

/**
 * A case as `GET /v1/reports/{id}` answers it, for the web tests of the case screens: just
 * received in the test session's organisation, nothing assessed, its clock running. Each test
 * gives what it is about (`caseRow({ status: 'coded', report })`).
 */
export function caseRow<T extends Record<string, unknown>>(extra: T = {} as T) {
  const defaults = {
    id: '00000000-0000-4000-8000-0000000000c1',
    reference: 'K7HD-3MXT-R',
    platformId: testSession.platformId,
    organisationId: testSession.organisationId,
    status: 'received',
    anonymous: false,
    reporterUserId: null,
    formViewId: null,
    formViewVersionId: null,
    formSchemaId: null,
    source: null,
    sourceId: null,
    extReportId: null,
    name: null,
    uploadType: null,
    receiptDate: '2026-11-10',
    reportType: '1',
    serious: false,
    seriousness: [],
    country: 'FR',
    reportVersion: 1,
    report: { schemaVersion: 1 },
    attachmentFields: [],
    submittedAt: '2026-11-10T09:00:00.000Z',
    createdAt: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-10T09:00:00.000Z',
    assigneeUserId: null,
    assignedAt: null,
    criteria: { patient: false, reporter: false, product: false, reaction: false, valid: false },
    clock: {
      dayZero: '2026-11-10',
      days: 2,
      dueDate: '2026-11-25',
      daysLeft: 13,
      overdue: false,
      running: true,
    },
    allowedTransitions: [],
    canEdit: false,
    attention: null,
    awaitingApproval: false,
    nextStep: null,
    assigneeName: null,
    deleted: null,
    trace: null,
  };
  return { ...defaults, ...extra } as Omit<typeof defaults, keyof T> & T;
}
