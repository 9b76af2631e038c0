// What the SSO area offers other areas (decision 0316): the platform an email's domain signs in to, which
// sign-up uses, db handle first. The query is in sso.repository.ts.
export { findPlatformIdByDomain } from './sso.repository.ts';
