import type { AuditCatalogue } from '../areas.ts';
import type { Db } from './db.ts';
import { hasPersonal, type Person, personKey, sealPersonal, sealValue } from './personal-data.ts';
import { clientRequestIdFor } from './request-ids.ts';

/** Every action an area catalogued (its `audit` in `<area>.area.ts`): the names audit() accepts. */
export type AuditAction = keyof AuditCatalogue & string;

/** What a catalogue says about one action. */
export interface AuditActionRule {
  /** The action must say why (deletion, deactivation, refusal): audit() refuses it without. */
  reason?: 'required';
}

/** One changed field: its path in the object (`a.b.c`; arrays are compared whole). */
export interface AuditChange {
  path: string;
  old: unknown;
  new: unknown;
}

type ReasonOf<A extends AuditAction> = AuditCatalogue[A] extends { reason: 'required' }
  ? { reason: string }
  : { reason?: string | null };

/**
 * One audit record. `before` and `after` are the object as it was and as it is (null when
 * created or removed): only the fields that differ are kept. `details` carries what is not
 * a field of the object (the address, the provider, how many sessions ended).
 */
export type AuditEntry<A extends AuditAction> = {
  action: A;
  entityType: string;
  entityId?: string | null;
  platformId?: string | null;
  organisationId?: string | null;
  actorUserId?: string | null;
  requestId?: string | null;
  before?: object | null;
  after?: object | null;
  details?: Record<string, unknown>;
  /**
   * Whose personal values (emails, names, phones) the entry holds, sealed under that person's
   * key (decision 0331). Defaults to the user the entry is about, else the email it names.
   */
  person?: Person;
} & ReasonOf<A>;

/** Names whose values are never written to the audit log: the change is recorded, not the value. */
const SECRET = /password|secret|token|hash|^key$|^otp/i;
const REDACTED = '[redacted]';
/** Bookkeeping every row has: the audit row's own time and order say the same. */
const BOOKKEEPING = new Set(['version', 'updatedAt', 'updated_at']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** JSON's view of a value (Dates as ISO text, undefined as null), so equal means equal once stored. */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * The field-level difference between two states of an object: nested objects by path,
 * arrays and other values whole; secrets and hashes as `[redacted]`.
 */
export function changesBetween(before: unknown, after: unknown, prefix = ''): AuditChange[] {
  // An object created or removed reads as each of its fields appearing or going.
  const old = isPlainObject(before) ? before : before == null && isPlainObject(after) ? {} : undefined;
  const now = isPlainObject(after) ? after : after == null && isPlainObject(before) ? {} : undefined;
  if (old && now) {
    const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].sort();
    return keys.flatMap((key) => {
      if (BOOKKEEPING.has(key)) return [];
      const path = prefix ? `${prefix}.${key}` : key;
      if (!SECRET.test(key)) return changesBetween(old[key], now[key], path);
      const was = plain(old[key]);
      const is = plain(now[key]);
      if (JSON.stringify(was) === JSON.stringify(is)) return [];
      return [{ path, old: was === null ? null : REDACTED, new: is === null ? null : REDACTED }];
    });
  }
  const was = plain(before);
  const is = plain(after);
  return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ path: prefix, old: was, new: is }];
}

/** `details` with secret-named fields, at any depth, replaced by `[redacted]`. */
function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET.test(key) && v != null ? REDACTED : redacted(v)]),
  );
}

/**
 * Appends one audit row: the catalogued action, the field-level changes from `before` to
 * `after`, and the reason where the catalogue requires one. Call it with the transaction
 * that makes the change, so the change and its record commit together (decision 0053).
 * The table refuses UPDATE and DELETE, and the runtime role may only insert and read.
 */
export async function audit<A extends AuditAction>(db: Db, entry: AuditEntry<A>): Promise<void> {
  await db
    .insertInto('audit_log')
    .values(await auditRow(entry, db))
    .execute();
}

/** The person whose values an entry holds: as named, else the user it is about, else its email. */
function personOf(entry: AuditEntry<AuditAction>): Person {
  if (entry.person) return entry.person;
  if (entry.entityType === 'user' && entry.entityId) return { userId: entry.entityId };
  for (const part of [entry.after, entry.before, entry.details] as (Record<string, unknown> | null)[])
    if (part && typeof part.email === 'string' && part.email) return { email: part.email };
  return { entity: `${entry.entityType}:${entry.entityId ?? ''}` };
}

/**
 * The audit_log row of an entry, checked as audit() checks it, for a caller that writes it
 * in the same statement as the change itself (report intake: one round trip, decision 0089).
 */
export async function auditRow<A extends AuditAction>(entry: AuditEntry<A>, db?: Db) {
  const rule = await ruleOf(entry.action);
  const reason = entry.reason?.trim() || null;
  if (rule.reason === 'required' && !reason) throw new Error(`audit: ${entry.action} needs a reason`);
  let changes: unknown =
    entry.before === undefined && entry.after === undefined ? [] : changesBetween(entry.before, entry.after);
  let details: unknown = entry.details === undefined ? null : redacted(plain(entry.details));
  // Personal values are written sealed under their person's key, never in clear (decision 0331).
  if (hasPersonal(changes) || hasPersonal(details)) {
    if (!db)
      throw new Error(`audit: ${entry.action} holds personal values: write it with audit(), not auditRow()`);
    const key = await personKey(db, personOf(entry as AuditEntry<AuditAction>));
    const seal = (v: unknown) => sealValue(key, v);
    changes = sealPersonal(changes, seal);
    details = sealPersonal(details, seal);
  }
  return {
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    platform_id: entry.platformId ?? null,
    organisation_id: entry.organisationId ?? null,
    actor_user_id: entry.actorUserId ?? null,
    request_id: entry.requestId ?? null,
    client_request_id: clientRequestIdFor(entry.requestId),
    changes: JSON.stringify(changes),
    reason,
    details: details === null ? null : JSON.stringify(details),
  };
}

let catalogue: Record<string, AuditActionRule> | undefined;

/**
 * Hands audit() every area's catalogue (src/areas.ts `auditCatalogue()`), once at start:
 * buildApp and jobDefinitions call it, so the web process and the worker both have it. Handed
 * in rather than imported: src/areas.ts imports every module, which import this file.
 */
export function useAuditCatalogue(actions: Record<string, AuditActionRule>): void {
  catalogue = actions;
}

/**
 * The catalogue's rule for an action; an action no area catalogued is a programming error.
 * The typecheck already refuses both; this holds for callers that went around it.
 */
async function ruleOf(action: string): Promise<AuditActionRule> {
  if (!catalogue) throw new Error('audit: no catalogue was handed in (useAuditCatalogue, at start)');
  const rule = catalogue[action];
  if (!rule) throw new Error(`audit: ${action} is in no area's catalogue`);
  return rule;
}
