import accountFr from '../../features/account/locales/fr.json';
import authFr from '../../features/auth/locales/fr.json';
import integrationsFr from '../../features/integrations/locales/fr.json';
import invitesFr from '../../features/invites/locales/fr.json';
import organisationsFr from '../../features/organisations/locales/fr.json';
import securityFr from '../../features/security/locales/fr.json';
import userGroupsFr from '../../features/user-groups/locales/fr.json';
import usersFr from '../../features/users/locales/fr.json';
import fr from '../../locales/fr.json';
import patternsFr from '../../locales/patterns/fr.json';

/**
 * Every French translation: the shell's (locales/) and one per feature
 * (features/<area>/locales/fr.json, whose keys all sit under the feature's name) and the shared patterns'
 * (locales/patterns/: no access, errors in words, session end). A feature
 * adds its import and one entry here and in the other language's file.
 */
export const translations: Record<string, unknown> = Object.assign(
  {},
  fr,
  patternsFr,
  integrationsFr,
  organisationsFr,
  invitesFr,
  userGroupsFr,
  usersFr,
  accountFr,
  authFr,
  securityFr,
);
