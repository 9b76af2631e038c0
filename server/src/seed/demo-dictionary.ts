import { insertArrangement, insertEntry } from '../modules/terminology/terminology.repository.ts';
import { type Db, withTransaction } from '../platform/db.ts';
import { systemScope } from '../platform/scope.ts';

/** The demo's dictionary: routes of administration, with their ICH E2B route codes. */
export const DEMO_DICTIONARY = 'routes-of-administration';
export const DEMO_ARRANGEMENT = 'Routes on the reporting forms';

type Route = { code: string; term: string; fr: string; under?: string };

/**
 * The E2B(R2)/ICH route codes a reporter meets most, in the three levels the arrangement
 * tree shows (decision 0288): a way in (by mouth, by injection, on the body), the route, and
 * for intravenous its bolus and drip.
 */
const ROUTES: Route[] = [
  { code: '048', term: 'Oral', fr: 'Voie orale' },
  { code: '060', term: 'Sublingual', fr: 'Voie sublinguale', under: '048' },
  { code: '002', term: 'Buccal', fr: 'Voie buccale', under: '048' },
  { code: '051', term: 'Parenteral (by injection)', fr: 'Voie parentérale (injection)' },
  { code: '042', term: 'Intravenous', fr: 'Voie intraveineuse', under: '051' },
  { code: '040', term: 'Intravenous bolus', fr: 'Intraveineuse en bolus', under: '042' },
  { code: '041', term: 'Intravenous drip', fr: 'Intraveineuse en perfusion', under: '042' },
  { code: '030', term: 'Intramuscular', fr: 'Voie intramusculaire', under: '051' },
  { code: '058', term: 'Subcutaneous', fr: 'Voie sous-cutanée', under: '051' },
  { code: '023', term: 'Intradermal', fr: 'Voie intradermique', under: '051' },
  { code: '061', term: 'Topical (on the body)', fr: 'Voie locale (sur le corps)' },
  { code: '003', term: 'Cutaneous', fr: 'Voie cutanée', under: '061' },
  { code: '062', term: 'Transdermal (patch)', fr: 'Voie transdermique (patch)', under: '061' },
  { code: '047', term: 'Ophthalmic (eye)', fr: 'Voie ophtalmique (œil)', under: '061' },
  { code: '045', term: 'Nasal', fr: 'Voie nasale', under: '061' },
  { code: '055', term: 'Respiratory (inhalation)', fr: 'Voie respiratoire (inhalation)' },
  { code: '054', term: 'Rectal', fr: 'Voie rectale' },
  { code: '067', term: 'Vaginal', fr: 'Voie vaginale' },
  { code: '065', term: 'Unknown', fr: 'Inconnue' },
];

/**
 * Gives the demo regulator the routes dictionary and its arrangement, once: the organisation
 * administrator has a tree to open, move and reorder on the dictionaries page. An organisation
 * that already has the dictionary (a demo seeded earlier and edited since) is left as it is.
 */
export async function seedDemoDictionary(
  db: Db,
  organisation: { platformId: string; organisationId: string },
): Promise<void> {
  const existing = await db
    .selectFrom('terminology_entries')
    .select('id')
    .where('organisation_id', '=', organisation.organisationId)
    .where('dictionary', '=', DEMO_DICTIONARY)
    .executeTakeFirst();
  if (existing) return;
  // All or nothing: a start stopped half-way must not leave entries without their arrangement.
  await withTransaction(db, async (tx) => {
    const ids = new Map<string, string>();
    for (const route of ROUTES) {
      const { id } = await insertEntry(tx, systemScope, organisation, DEMO_DICTIONARY, {
        code: route.code,
        term: route.term,
        parentId: route.under ? ids.get(route.under)! : null,
        reference: 'G.k.4.r.10.2b',
        attributes: { e2bCode: route.code },
        translations: { fr: route.fr },
      });
      ids.set(route.code, id);
    }
    await insertArrangement(tx, systemScope, organisation, DEMO_DICTIONARY, {
      name: DEMO_ARRANGEMENT,
      description: 'The routes a reporter picks from, grouped by how the medicine was given.',
      items: ROUTES.map((route) => ({
        entryId: ids.get(route.code)!,
        parentEntryId: route.under ? ids.get(route.under)! : null,
      })),
    });
  });
}
