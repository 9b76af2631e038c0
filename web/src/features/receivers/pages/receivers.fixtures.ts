import type { Receiver } from '@vigilo/contract';
import { createFakeApi, makeUser, membership, testSession } from '../../../test/render.tsx';

export const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };

/** A receiver as the API answers it, written by hand. */
export const fdaGateway: Receiver = {
  id: '00000000-0000-4000-8000-00000000a001',
  organisationId: organisation.id,
  name: 'FDA ESG',
  code: null,
  batchSender: 'VIGILO-NPC',
  batchReceiver: 'ZZFDA',
  messageSender: null,
  messageReceiver: 'CDER',
  profile: 'fda',
  maskPersonalData: true,
  fdaRoute: 'case',
  dueDaysSerious: 15,
  dueDaysNonSerious: 90,
  isDefault: false,
  rule: null,
  requiresReview: false,
  deliveryAttempts: 16,
  transport: {
    type: 'https',
    url: 'https://esg.example.test/e2b',
    auth: 'bearer',
    hasCredentials: true,
    caCertificate: null,
    as2: null,
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export function organisationAdmin() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_admin', organisation)] }));
  return fake;
}
