// What the accounts area offers other areas (decision 0316): a user's account requests still waiting, which
// sign-in reports, db handle first. The query is in accounts.repository.ts.
export { findPendingAccountRequests } from './accounts.repository.ts';
