// What the organisations area offers other areas (decision 0316): reading one organisation or a platform's
// list in the caller's scope, a platform-level catalogue list, and making an organisation inside the
// caller's transaction (a sign-up's), db/transaction handle first. One query each, in organisations.repository.ts.
export {
  findOrganisation,
  insertOrganisation,
  listCatalogue,
  listOrganisations,
  toOrganisation,
} from './organisations.repository.ts';
