import { type DrugListPreview, PREVIEW_REMOVALS } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { scopeFor } from '../../platform/scope.ts';
import type { UploadedFile } from './drugs.files.ts';
import type { ProductValues } from './drugs.parse.ts';
import { allDrugs, type DrugRow } from './drugs.repository.ts';
import { checkedUpload } from './drugs.service.ts';

/** The product as the file gives it and as the list holds it are the same (what the upload would not rewrite). */
const same = (row: DrugRow, p: ProductValues) =>
  row.name === p.name &&
  row.substances.length === p.substances.length &&
  row.substances.every((s, i) => s === p.substances[i]) &&
  row.strength === p.strength &&
  row.dose_form === p.doseForm &&
  row.authorisation_number === p.authorisationNumber &&
  row.holder === p.holder &&
  row.country === p.country;

/**
 * POST /v1/drugs/upload/list/preview (decision 0291): the upload's own checks (the same
 * refusals, line by line), then what it would do to the organisation's list, by code, with the
 * products it would remove named; nothing is written, so it is not audited. An upload between
 * the preview and the real one is not locked out: the real upload answers what it did.
 */
export async function previewList(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  files: { file?: UploadedFile; meta?: UploadedFile },
): Promise<DrugListPreview> {
  const { organisation, meta, products } = await checkedUpload(db, actor, organisationId, files);
  const held = await allDrugs(db, scopeFor(actor), organisation);
  const byCode = new Map(held.map((row) => [row.code, row]));
  let added = 0;
  let updated = 0;
  for (const product of products) {
    const row = byCode.get(product.code);
    if (!row) added++;
    else if (!same(row, product)) updated++;
  }
  const kept = new Set(products.map((p) => p.code));
  const removed = held.filter((row) => !kept.has(row.code));
  return {
    products: products.length,
    added,
    updated,
    unchanged: products.length - added - updated,
    removed: removed.length,
    removedProducts: removed
      .slice(0, PREVIEW_REMOVALS)
      .map((row) => ({ id: row.id, code: row.code, name: row.name })),
    newVersion: meta !== undefined,
  };
}
