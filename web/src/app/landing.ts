import type { RoleName } from '@vigilo/contract';

/**
 * Where each role's work is, in the order a user holding several is sent (issue 25 item 11,
 * decision 0287): staff and organisation administrators to the inbox, assessors to the review
 * queue, platform-wide administrators to the organisations, reporters to their reports. Anyone
 * else (no role yet) to their profile. Account and security live in the account menu.
 */
const landings: readonly (readonly [RoleName, string])[] = [
  ['organisation_staff', '/cases'],
  ['organisation_admin', '/cases'],
  ['assessor', '/submissions/review'],
  ['platform_admin', '/admin/organisations'],
  ['system_admin', '/admin/organisations'],
  ['reporter', '/my-reports'],
];

/** The page a user with `roles` (in the organisation the session works in) starts on. */
export function homePathFor(roles: readonly RoleName[]): string {
  return landings.find(([role]) => roles.includes(role))?.[1] ?? '/profile';
}

/** Where "home" is inside the app: it sends each user to their page (RoleLandingPage). */
export const HOME_PATH = '/home';
