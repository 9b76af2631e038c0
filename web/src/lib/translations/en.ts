import accountEn from '../../features/account/locales/en.json';
import authEn from '../../features/auth/locales/en.json';
import integrationsEn from '../../features/integrations/locales/en.json';
import invitesEn from '../../features/invites/locales/en.json';
import organisationsEn from '../../features/organisations/locales/en.json';
import securityEn from '../../features/security/locales/en.json';
import userGroupsEn from '../../features/user-groups/locales/en.json';
import usersEn from '../../features/users/locales/en.json';
import en from '../../locales/en.json';
import patternsEn from '../../locales/patterns/en.json';

/**
 * Every English translation: the shell's (locales/) and one per feature
 * (features/<area>/locales/en.json, whose keys all sit under the feature's name) and the shared patterns'
 * (locales/patterns/: no access, errors in words, session end). A feature
 * adds its import and one entry here and in the other language's file.
 */
export const translations: Record<string, unknown> = Object.assign(
  {},
  en,
  patternsEn,
  integrationsEn,
  organisationsEn,
  invitesEn,
  userGroupsEn,
  usersEn,
  accountEn,
  authEn,
  securityEn,
);
