// What the receivers of the submissions area offer other areas (decision 0316): an organisation's default
// receiver, whose E2B settings the case XML's headers take, db/transaction handle first. The query is in
// receivers.repository.ts.
export { findDefaultReceiver, type ReceiverRow } from './receivers.repository.ts';
