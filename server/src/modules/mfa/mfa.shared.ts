// What the MFA area offers other areas (decision 0316): forgetting a user's remembered devices (a password
// change's), inside the caller's transaction, db/transaction handle first. The query is in mfa.repository.ts.
export { deleteRememberedDevices } from './mfa.repository.ts';
