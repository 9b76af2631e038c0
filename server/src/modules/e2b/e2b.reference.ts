import type { CaseDocument, E2bProfile } from '@vigilo/contract';
import type { ValidateOptions } from '@vigilo/e2b';
import type { Db } from '../../platform/db.ts';
import { termsByCode } from '../edqm/edqm.shared.ts';
import { defaultVersion } from '../meddra/meddra.shared.ts';

/**
 * The reference data the EU profile checks a case against (decision 0232), from the server's
 * own lists: the case's route and dose-form codes that the EDQM module holds as such, and the
 * current MedDRA release (the newest ready one). The e2b library is pure: it is handed these.
 */
export async function referenceFor(
  db: Db,
  profile: E2bProfile,
  document: CaseDocument,
): Promise<ValidateOptions['reference']> {
  if (profile !== 'eu') return undefined;
  const codes = new Set<string>();
  for (const drug of document.G?.drugs ?? [])
    for (const d of drug.dosages ?? [])
      for (const term of [d.route, d.doseForm, d.parentRoute])
        if (term && typeof term.code === 'string') codes.add(term.code);
  const [terms, meddra] = await Promise.all([termsByCode(db, [...codes]), defaultVersion(db)]);
  return {
    edqmRoutes: terms.filter((t) => t.class === 'ROA').map((t) => t.code),
    edqmDoseForms: terms.filter((t) => t.class === 'PDF').map((t) => t.code),
    ...(meddra ? { meddraCurrent: meddra.version } : {}),
  };
}
