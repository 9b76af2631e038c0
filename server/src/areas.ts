import { accountsArea } from './modules/accounts/accounts.area.ts';
import { acknowledgementsArea } from './modules/acknowledgements/acknowledgements.area.ts';
import { apiKeysArea } from './modules/api-keys/api-keys.area.ts';
import { applicationsArea } from './modules/applications/applications.area.ts';
import { authArea } from './modules/auth/auth.area.ts';
import { causalityArea } from './modules/causality/causality.area.ts';
import { changeRequestsArea } from './modules/change-requests/change-requests.area.ts';
import { drugsArea } from './modules/drugs/drugs.area.ts';
import { e2bArea } from './modules/e2b/e2b.area.ts';
import { edqmArea } from './modules/edqm/edqm.area.ts';
import { filesArea } from './modules/files/files.area.ts';
import { formsArea } from './modules/forms/forms.area.ts';
import { healthArea } from './modules/health/health.area.ts';
import { hospitalsArea } from './modules/hospitals/hospitals.area.ts';
import { invitesArea } from './modules/invites/invites.area.ts';
import { meddraArea } from './modules/meddra/meddra.area.ts';
import { mfaArea } from './modules/mfa/mfa.area.ts';
import { organisationsArea } from './modules/organisations/organisations.area.ts';
import { passwordsArea } from './modules/passwords/passwords.area.ts';
import { platformsArea } from './modules/platforms/platforms.area.ts';
import { reportsArea } from './modules/reports/reports.area.ts';
import { rolesArea } from './modules/roles/roles.area.ts';
import { ssoArea } from './modules/sso/sso.area.ts';
import { submissionsArea } from './modules/submissions/submissions.area.ts';
import { terminologyArea } from './modules/terminology/terminology.area.ts';
import { userGroupsArea } from './modules/user-groups/user-groups.area.ts';
import { usersArea } from './modules/users/users.area.ts';
import type { Area } from './platform/area.ts';
import type { AuditActionRule } from './platform/audit.ts';

/**
 * Every domain area of the server, one line each. Routes, jobs, the role catalogue, the
 * answers to broken unique rules and the audit catalogue are assembled from this list; nothing else lists
 * areas (test/areas.test.ts checks that every module folder is here).
 */
const list = [
  healthArea,
  authArea,
  usersArea,
  accountsArea,
  changeRequestsArea,
  rolesArea,
  organisationsArea,
  platformsArea,
  invitesArea,
  userGroupsArea,
  mfaArea,
  passwordsArea,
  ssoArea,
  applicationsArea,
  apiKeysArea,
  formsArea,
  reportsArea,
  filesArea,
  e2bArea,
  causalityArea,
  acknowledgementsArea,
  terminologyArea,
  meddraArea,
  drugsArea,
  edqmArea,
  hospitalsArea,
  submissionsArea,
] as const satisfies readonly Area[];

export const areas: readonly Area[] = list;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
type CatalogueOf<A> = A extends { audit: infer C } ? C : never;

/** Every area's audit actions, merged: the type audit() checks its action names against. */
export type AuditCatalogue = UnionToIntersection<CatalogueOf<(typeof list)[number]>>;

/** The same catalogue at run time (audit() checks reasons with it; test/audit.test.ts counts it). */
export const auditCatalogue = (): Record<string, AuditActionRule> =>
  Object.assign({}, ...areas.map((area) => area.audit ?? {}));

/** Every column of sealed secrets (platform/secrets.ts), re-sealed at start and by `npm run secrets:reseal`. */
export const sealedColumns = areas.flatMap((area) => area.sealed ?? []);
