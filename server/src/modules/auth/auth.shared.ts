// What the auth area offers other areas (decision 0316): a session's organisation and second-factor step,
// and ending a user's sessions and access tokens (a password change's), each with the db/transaction handle
// first so the caller's transaction spans the call. One query each, in auth.repository.ts.
export {
  markSessionAuthenticated,
  revokeUserSessions,
  setSessionOrganisation,
  spendAccessTokens,
} from './auth.repository.ts';
