import type { ChangeRequest, UserDetail } from '@vigilo/contract';
import { makeUser, membership, testSession } from '../../../test/render.tsx';

export const organisation = { id: testSession.organisationId, name: 'Hôpital Nord' };

/** A user as the administration endpoints answer it. */
export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...makeUser({
      id: '00000000-0000-4000-8000-0000000000a1',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      username: 'grace',
      language: 'en',
      organisationId: null,
      memberships: [membership('organisation_staff', organisation)],
    }),
    phone: '+33 1 23 45 67 89',
    preferences: {},
    deletionRequestedAt: null,
    changeRequestStatus: null,
    groups: [
      { id: '00000000-0000-4000-8000-0000000000g1', name: 'Vaccines team', organisationId: organisation.id },
    ],
    ...overrides,
  };
}

export function changeRequest(overrides: Partial<ChangeRequest> = {}): ChangeRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    kind: 'profile',
    status: 'pending',
    platformId: testSession.platformId,
    organisationId: organisation.id,
    organisationName: organisation.name,
    userId: '00000000-0000-4000-8000-0000000000a1',
    userName: 'Grace Hopper',
    userEmail: 'grace@example.org',
    changes: { email: 'grace.hopper@example.org' },
    message: null,
    rejectionMessage: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A fake client signed in as an organisation administrator. */
export const adminUser = () => makeUser({ memberships: [membership('organisation_admin', organisation)] });
