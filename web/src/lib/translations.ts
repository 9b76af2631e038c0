import accountEn from '../features/account/locales/en.json';
import accountFr from '../features/account/locales/fr.json';
import authEn from '../features/auth/locales/en.json';
import authFr from '../features/auth/locales/fr.json';
import integrationsEn from '../features/integrations/locales/en.json';
import integrationsFr from '../features/integrations/locales/fr.json';
import invitesEn from '../features/invites/locales/en.json';
import invitesFr from '../features/invites/locales/fr.json';
import organisationsEn from '../features/organisations/locales/en.json';
import organisationsFr from '../features/organisations/locales/fr.json';
import securityEn from '../features/security/locales/en.json';
import securityFr from '../features/security/locales/fr.json';
import userGroupsEn from '../features/user-groups/locales/en.json';
import userGroupsFr from '../features/user-groups/locales/fr.json';
import usersEn from '../features/users/locales/en.json';
import usersFr from '../features/users/locales/fr.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import patternsEn from '../locales/patterns/en.json';
import patternsFr from '../locales/patterns/fr.json';

/**
 * Every translation bundle: the shell's (locales/) and one per feature
 * (features/<area>/locales/<lang>.json, whose keys all sit under the feature's name), and the
 * shared patterns' (locales/patterns/: no access, errors in words, session end).
 * A feature adds its two imports and one line to each list.
 */
const bundles: Record<'en' | 'fr', Record<string, unknown>[]> = {
  en: [
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
  ],
  fr: [
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
  ],
};

export const resources = {
  en: { translation: Object.assign({}, ...bundles.en) },
  fr: { translation: Object.assign({}, ...bundles.fr) },
};
