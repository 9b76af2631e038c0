import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Personal values in append-only records (the audit trail, decision 0331). A value such as an
 * email or a name is written as a sealed token: AES-256-GCM under a key of its own person
 * (`person_keys`). The record, and its seal in the audit chain, hold only the token; reading
 * opens it while the key exists. Erasure deletes the person's keys: every token of that
 * person becomes unreadable at once, without a single audited row being changed.
 */

/** Field names whose values identify a person. Compared on the last segment of a path. */
const PERSONAL = new Set([
  'email',
  'firstName',
  'lastName',
  'first_name',
  'last_name',
  'username',
  'phone',
  'phoneNumber',
  'phone_number',
]);

/** How an erased value reads. */
export const ERASED = '[erased]';

const PREFIX = 'vigilo-sealed:v1:';
const TOKEN = /^vigilo-sealed:v1:([0-9a-f-]{36}):([A-Za-z0-9_-]+)$/;

export const isPersonalField = (path: string) => PERSONAL.has(path.split('.').at(-1) ?? '');

/**
 * Whose values they are: a user (by id), someone known only by an email (an invitee, a
 * requester), or, when neither is known, the record's own object (`entity`: `type:id`).
 */
export type Person = { userId: string } | { email: string } | { entity: string };

/** The subject text a person's key is filed under; an email as a digest, never in clear. */
export function subjectOf(person: Person): string {
  if ('userId' in person) return `user:${person.userId}`;
  if ('entity' in person) return `entity:${person.entity}`;
  const digest = createHash('sha256')
    .update(`vigilo-person:${person.email.trim().toLowerCase()}`)
    .digest('hex');
  return `email:${digest}`;
}

/** The person's key (made on first use), in the caller's transaction. */
export async function personKey(db: Db, person: Person): Promise<{ id: string; key: Buffer }> {
  const subject = subjectOf(person);
  await sql`
    INSERT INTO person_keys (subject, key) VALUES (${subject}, ${randomBytes(32)})
    ON CONFLICT (subject) DO NOTHING`.execute(db);
  const { rows } = await sql<{ id: string; key: Buffer }>`
    SELECT id::text, key FROM person_keys WHERE subject = ${subject}`.execute(db);
  return rows[0]!;
}

/** One value as a token under a key. The value's JSON is sealed, so numbers stay numbers. */
export function sealValue(key: { id: string; key: Buffer }, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(key.id));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `${PREFIX}${key.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function openValue(token: string, keys: Map<string, Buffer>): unknown {
  const match = TOKEN.exec(token)!;
  const key = keys.get(match[1]!);
  if (!key) return ERASED;
  const raw = Buffer.from(match[2]!, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(match[1]!));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

/** A plain object (JSON's), not a Date, Buffer or array. */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * `value` with every personal value sealed: object fields by their names, and the `old`/`new`
 * of a change whose path names a personal field (audit changes, `[{path, old, new}]`).
 * Nulls stay null (that a field was empty is no personal data).
 */
export function sealPersonal(value: unknown, seal: (v: unknown) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => sealPersonal(v, seal));
  if (!isObject(value)) return value;
  const change = typeof value.path === 'string' && 'old' in value && 'new' in value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const personal = change
        ? (k === 'old' || k === 'new') && isPersonalField(value.path as string)
        : isPersonalField(k);
      if (personal && v !== null && v !== undefined && !(typeof v === 'string' && TOKEN.test(v)))
        return [k, seal(v)];
      return [k, sealPersonal(v, seal)];
    }),
  );
}

/** Whether `value` holds a personal value not yet sealed. */
export function hasPersonal(value: unknown): boolean {
  let found = false;
  sealPersonal(value, () => {
    found = true;
    return '';
  });
  return found;
}

function tokensIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    const match = TOKEN.exec(value);
    if (match) into.add(match[1]!);
  } else if (Array.isArray(value)) for (const v of value) tokensIn(v, into);
  else if (isObject(value)) for (const v of Object.values(value)) tokensIn(v, into);
}

function opened(value: unknown, keys: Map<string, Buffer>): unknown {
  if (typeof value === 'string') return TOKEN.test(value) ? openValue(value, keys) : value;
  if (Array.isArray(value)) return value.map((v) => opened(v, keys));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, opened(v, keys)]));
  return value;
}

/**
 * The values with every sealed token opened, or `[erased]` where its person's key is gone.
 * One query for all the keys the values name.
 */
export async function revealPersonal<T>(db: Db, values: T[]): Promise<T[]> {
  const ids = new Set<string>();
  for (const v of values) tokensIn(v, ids);
  if (ids.size === 0) return values;
  const { rows } = await sql<{ id: string; key: Buffer }>`
    SELECT id::text, key FROM person_keys WHERE id = ANY(${[...ids]}::uuid[])`.execute(db);
  const keys = new Map(rows.map((r) => [r.id, r.key]));
  return values.map((v) => opened(v, keys) as T);
}

/**
 * Erasure: deletes the keys of these people, so every value sealed under them reads `[erased]`.
 * In the caller's transaction; answers how many keys went.
 */
export async function destroyPersonKeys(db: Db, people: readonly Person[]): Promise<number> {
  if (people.length === 0) return 0;
  const { rows } = await sql<{ id: string }>`
    DELETE FROM person_keys WHERE subject = ANY(${people.map(subjectOf)}::text[]) RETURNING id`.execute(db);
  return rows.length;
}
