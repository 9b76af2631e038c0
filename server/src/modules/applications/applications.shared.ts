// What the applications area offers other areas (decision 0316): reading an application, an organisation's
// default one, and making it inside the caller's transaction (an API key's first), db/transaction handle
// first. One query each, in applications.repository.ts.
export { findApplication, findDefaultApplication, insertApplication } from './applications.repository.ts';
