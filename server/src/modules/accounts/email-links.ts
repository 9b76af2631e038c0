import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';

/** A mailed link proves an address for a day, once. */
export const EMAIL_LINK_TTL_SECONDS = 24 * 3600;

export type EmailLinkPurpose = 'email_change' | 'account_request';

export interface NewEmailLink {
  purpose: EmailLinkPurpose;
  platformId: string;
  email: string;
  userId?: string;
  organisationId?: string;
  requestedBy?: string | null;
  payload?: Record<string, unknown>;
  passwordHash?: string;
}

/**
 * Issues a link for `email` (its token is returned, only its hash kept). Call it with the
 * transaction of the change that mails it. An email change replaces the user's earlier
 * unused links: only the newest address asked for can be confirmed.
 */
export async function issueEmailLink(db: Db, link: NewEmailLink): Promise<string> {
  if (link.userId) await spendEmailLinks(db, link.userId);
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('email_links')
    .values({
      platform_id: link.platformId,
      purpose: link.purpose,
      email: link.email,
      user_id: link.userId ?? null,
      organisation_id: link.organisationId ?? null,
      requested_by: link.requestedBy ?? null,
      payload: JSON.stringify(link.payload ?? {}),
      password_hash: link.passwordHash ?? null,
      token_hash: hash,
      expires_at: new Date(Date.now() + EMAIL_LINK_TTL_SECONDS * 1000),
    })
    .execute();
  return token;
}

/** Spends a live link in one statement (of two racing requests, one wins); undefined when unknown, used or expired. */
export async function redeemEmailLink(db: Db, token: string) {
  return db
    .updateTable('email_links')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

export type EmailLinkRow = NonNullable<Awaited<ReturnType<typeof redeemEmailLink>>>;

/** Forgets a user's unused email-change links (a newer change, or the change done). */
export async function spendEmailLinks(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('email_links')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Forgets unused account-request links of an address (a newer request replaces them). */
export async function spendAccountRequestLinks(db: Db, platformId: string, email: string): Promise<void> {
  await db
    .updateTable('email_links')
    .set({ used_at: sql`now()` })
    .where('platform_id', '=', platformId)
    .where('purpose', '=', 'account_request')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}
