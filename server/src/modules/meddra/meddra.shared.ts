// What the MedDRA area offers other areas (decision 0316): the default MedDRA version, which the case XML's
// references name, db handle first. The query is in meddra.repository.ts.
export { defaultVersion } from './meddra.repository.ts';
