// What the EDQM area offers other areas (decision 0316): the stored terms of some codes, which the case XML's
// references take, db handle first. The query is in edqm.repository.ts.
export { termsByCode } from './edqm.repository.ts';
