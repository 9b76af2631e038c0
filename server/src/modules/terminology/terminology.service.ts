import type {
  ArrangementItem,
  TerminologyArrangement,
  TerminologyArrangementCreateBody,
  TerminologyArrangementPatch,
  TerminologyEntry,
  TerminologyEntryCreateBody,
  TerminologyEntryPage,
  TerminologyEntryPatch,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { mergePatch } from '../../platform/merge-patch.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { terminologyPolicy } from './terminology.policy.ts';
import {
  ancestorsOf,
  arrangementsUsing,
  countEntries,
  deleteArrangement,
  deleteEntry,
  type EntryFilter,
  type EntryRow,
  type EntryValues,
  entriesOfDictionary,
  findArrangement,
  findEntry,
  insertArrangement,
  insertEntry,
  listArrangements,
  listEntries,
  type OrganisationRef,
  toArrangement,
  toEntry,
  updateArrangement,
  updateEntry,
} from './terminology.repository.ts';

/** The most a plain (unpaged) list answers; the paginated route reaches the rest. */
export const LIST_LIMIT = 500;

const invalid = (field: string, message: string, reason = 'invalid') =>
  new AppError('VALIDATION_FAILED', `${field.split('/').pop()} ${message}`, {
    fields: [{ field, message, reason }],
  });

/** The organisation a list or a new row is for, read-checked (404 outside the caller's scope). */
async function organisationFor(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  field: string,
  rule: keyof typeof terminologyPolicy,
): Promise<OrganisationRef> {
  const target = await organisationTarget(db, actor, organisationId, field);
  requireAccess(actor, terminologyPolicy[rule], target, 'Organisation');
  return target;
}

const accessibleEntry = (db: Db, actor: Actor, rule: keyof typeof terminologyPolicy, id: string) =>
  loadForAccess(db, actor, findEntry, id, {
    rule: terminologyPolicy[rule],
    what: 'Terminology entry',
    target: rowTarget,
  });

const accessibleArrangement = (db: Db, actor: Actor, rule: keyof typeof terminologyPolicy, id: string) =>
  loadForAccess(db, actor, findArrangement, id, {
    rule: terminologyPolicy[rule],
    what: 'Terminology arrangement',
    target: rowTarget,
  });

const refOf = (row: { platform_id: string; organisation_id: string }): OrganisationRef => ({
  platformId: row.platform_id,
  organisationId: row.organisation_id,
});

// ─── entries ────────────────────────────────────────────────────────────────

/** GET /v1/terminology-entries (and the by-dictionary and by-reference look-ups): at most LIST_LIMIT. */
export async function findEntries(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  filter: EntryFilter,
): Promise<TerminologyEntry[]> {
  const organisation = await organisationFor(db, actor, organisationId, 'query/organisationId', 'read');
  const rows = await listEntries(db, scopeFor(actor), organisation, filter, LIST_LIMIT);
  return rows.map(toEntry);
}

/** GET /v1/terminology-entries/paginated. */
export async function pageOfEntries(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  filter: EntryFilter,
  page: number,
  size: number,
): Promise<TerminologyEntryPage> {
  const organisation = await organisationFor(db, actor, organisationId, 'query/organisationId', 'read');
  const scope = scopeFor(actor);
  const [rows, total] = await Promise.all([
    listEntries(db, scope, organisation, filter, size, (page - 1) * size),
    countEntries(db, scope, organisation, filter),
  ]);
  return { items: rows.map(toEntry), page, size, total };
}

export async function getEntry(db: Db, actor: Actor, id: string): Promise<TerminologyEntry> {
  return toEntry(await accessibleEntry(db, actor, 'read', id));
}

/** The parent must be another entry of the same organisation and dictionary, and not below the entry itself. */
async function checkParent(
  db: Db,
  actor: Actor,
  organisation: OrganisationRef,
  dictionary: string,
  parentId: string | null,
  self: string | null,
): Promise<void> {
  if (parentId === null) return;
  const scope = scopeFor(actor);
  const [found] = await entriesOfDictionary(db, scope, organisation, dictionary, [parentId]);
  if (!found) throw invalid('body/parentId', 'must be an entry of the same dictionary', 'notFound');
  if (self !== null && (parentId === self || (await ancestorsOf(db, scope, parentId)).includes(self)))
    throw invalid('body/parentId', 'would put the entry below itself', 'cycle');
}

export async function createEntry(
  db: Db,
  actor: Actor,
  body: TerminologyEntryCreateBody,
  requestId: string,
): Promise<TerminologyEntry> {
  const organisation = await organisationFor(db, actor, body.organisationId, 'body/organisationId', 'change');
  const values: EntryValues = {
    code: body.code,
    term: body.term,
    parentId: body.parentId ?? null,
    reference: body.reference ?? null,
    attributes: body.attributes ?? {},
    translations: body.translations ?? {},
  };
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await checkParent(tx, actor, organisation, body.dictionary, values.parentId, null);
    const { id } = await insertEntry(tx, scope, organisation, body.dictionary, values);
    const created = toEntry((await findEntry(tx, scope, id))!);
    await audit(tx, {
      action: 'terminology_entry.created',
      entityType: 'terminology_entry',
      entityId: id,
      platformId: organisation.platformId,
      organisationId: organisation.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return created;
  });
}

const editableEntry = (row: EntryRow) => ({
  code: row.code,
  term: row.term,
  parentId: row.parent_id,
  reference: row.reference,
  attributes: row.attributes,
  translations: row.translations,
});

/** PATCH /v1/terminology-entries/{id}: the merge patch applied to the editable fields. */
export async function patchEntry(
  db: Db,
  actor: Actor,
  id: string,
  patch: TerminologyEntryPatch,
  requestId: string,
): Promise<TerminologyEntry> {
  const row = await accessibleEntry(db, actor, 'change', id);
  const merged = mergePatch(editableEntry(row), patch) as Partial<EntryValues>;
  const values: EntryValues = {
    code: merged.code ?? row.code,
    term: merged.term ?? row.term,
    parentId: merged.parentId ?? null,
    reference: merged.reference ?? null,
    attributes: merged.attributes ?? {},
    translations: merged.translations ?? {},
  };
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await checkParent(tx, actor, refOf(row), row.dictionary, values.parentId, row.id);
    await updateEntry(tx, scope, id, values);
    const updated = toEntry((await findEntry(tx, scope, id))!);
    await audit(tx, {
      action: 'terminology_entry.updated',
      entityType: 'terminology_entry',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toEntry(row),
      after: updated,
      requestId,
    });
    return updated;
  });
}

/** DELETE /v1/terminology-entries/{id}: refused (409) while an arrangement lists it; its children move to the top. */
export async function removeEntry(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await accessibleEntry(db, actor, 'change', id);
  const scope = scopeFor(actor);
  await withTransaction(db, async (tx) => {
    const users = await arrangementsUsing(tx, scope, refOf(row), id);
    if (users.length > 0) {
      throw new AppError('CONFLICT', `The entry is listed in ${users.map((u) => `"${u}"`).join(', ')}`, {
        arrangements: users,
      });
    }
    await deleteEntry(tx, scope, id);
    await audit(tx, {
      action: 'terminology_entry.deleted',
      entityType: 'terminology_entry',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toEntry(row),
      requestId,
    });
  });
}

// ─── arrangements ───────────────────────────────────────────────────────────

/** Items name entries of the dictionary, each once, and a parent listed before them. */
async function checkItems(
  db: Db,
  actor: Actor,
  organisation: OrganisationRef,
  dictionary: string,
  items: readonly ArrangementItem[],
): Promise<ArrangementItem[]> {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.entryId)) throw invalid(`body/items/${i}/entryId`, 'is listed twice', 'duplicate');
    if (item.parentEntryId != null && !seen.has(item.parentEntryId))
      throw invalid(`body/items/${i}/parentEntryId`, 'must be an entry listed before it', 'order');
    seen.add(item.entryId);
  });
  const found = new Set(await entriesOfDictionary(db, scopeFor(actor), organisation, dictionary, [...seen]));
  const missing = items.findIndex((item) => !found.has(item.entryId));
  if (missing >= 0)
    throw invalid(`body/items/${missing}/entryId`, 'must be an entry of the dictionary', 'notFound');
  return items.map((item) => ({ entryId: item.entryId, parentEntryId: item.parentEntryId ?? null }));
}

export async function findArrangements(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  dictionary: string | undefined,
): Promise<TerminologyArrangement[]> {
  const organisation = await organisationFor(db, actor, organisationId, 'query/organisationId', 'read');
  return (await listArrangements(db, scopeFor(actor), organisation, dictionary)).map(toArrangement);
}

export async function getArrangement(db: Db, actor: Actor, id: string): Promise<TerminologyArrangement> {
  return toArrangement(await accessibleArrangement(db, actor, 'read', id));
}

export async function createArrangement(
  db: Db,
  actor: Actor,
  body: TerminologyArrangementCreateBody,
  requestId: string,
): Promise<TerminologyArrangement> {
  const organisation = await organisationFor(db, actor, body.organisationId, 'body/organisationId', 'change');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const items = await checkItems(tx, actor, organisation, body.dictionary, body.items ?? []);
    const { id } = await insertArrangement(tx, scope, organisation, body.dictionary, {
      name: body.name,
      description: body.description ?? '',
      items,
    });
    const created = toArrangement((await findArrangement(tx, scope, id))!);
    await audit(tx, {
      action: 'terminology_arrangement.created',
      entityType: 'terminology_arrangement',
      entityId: id,
      platformId: organisation.platformId,
      organisationId: organisation.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return created;
  });
}

export async function patchArrangement(
  db: Db,
  actor: Actor,
  id: string,
  patch: TerminologyArrangementPatch,
  requestId: string,
): Promise<TerminologyArrangement> {
  const row = await accessibleArrangement(db, actor, 'change', id);
  const before = toArrangement(row);
  const merged = mergePatch(
    { name: before.name, description: before.description, items: before.items },
    patch,
  ) as Partial<{ name: string; description: string; items: ArrangementItem[] }>;
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const items = await checkItems(tx, actor, refOf(row), row.dictionary, merged.items ?? []);
    await updateArrangement(tx, scope, id, {
      name: merged.name ?? row.name,
      description: merged.description ?? '',
      items,
    });
    const updated = toArrangement((await findArrangement(tx, scope, id))!);
    await audit(tx, {
      action: 'terminology_arrangement.updated',
      entityType: 'terminology_arrangement',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before,
      after: updated,
      requestId,
    });
    return updated;
  });
}

export async function removeArrangement(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await accessibleArrangement(db, actor, 'change', id);
  await withTransaction(db, async (tx) => {
    await deleteArrangement(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'terminology_arrangement.deleted',
      entityType: 'terminology_arrangement',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toArrangement(row),
      requestId,
    });
  });
}
