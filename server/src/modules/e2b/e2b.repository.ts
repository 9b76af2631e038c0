import type { Db } from '../../platform/db.ts';
import { requireCovers, type Scope } from '../../platform/scope.ts';

/**
 * Keeps what an imported message held outside the case document, and the values set aside or
 * normalised to store its case, with the version it made.
 */
export async function insertXmlImport(
  db: Db,
  scope: Scope,
  values: {
    reportId: string;
    version: number;
    platformId: string;
    organisationId: string;
    fileName: string | null;
    unmapped: unknown[];
    /** Values kept aside or normalised (decision 0222). */
    kept: unknown[];
    createdBy: string | null;
  },
): Promise<void> {
  requireCovers(scope, values.platformId, values.organisationId, 'Report');
  await db
    .insertInto('report_xml_imports')
    .values({
      report_id: values.reportId,
      version: values.version,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      file_name: values.fileName,
      unmapped: JSON.stringify(values.unmapped),
      findings: JSON.stringify(values.kept),
      created_by: values.createdBy,
    })
    .execute();
}
