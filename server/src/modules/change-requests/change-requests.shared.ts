// What the change-requests area offers other areas (decision 0316): filing a change request (an account
// request's, a user's asked change) inside the caller's transaction, db/transaction handle first. The query
// is in change-requests.repository.ts.
export { insertChangeRequest } from './change-requests.repository.ts';
