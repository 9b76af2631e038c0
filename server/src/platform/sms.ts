import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { dbNow } from '../db/columns.ts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { type OutboundFetch, outboundFetch } from './outbound-http.ts';

export interface SmsCodeRequest {
  /** E.164 number, e.g. +447700900123 */
  to: string;
  platformId: string | null;
  organisationId?: string | null;
}

/**
 * Sends one-time codes by text message and checks them. Two providers: the development one
 * (codes kept hashed in sms_codes, messages recorded in the outbox) and Twilio Verify (or a
 * service with the same API), chosen by configuration.
 */
export interface SmsVerification {
  readonly name: 'outbox' | 'twilio-verify';
  /** Sends a new code to `to`; an earlier code to the same number stops working. */
  start(db: Db, request: SmsCodeRequest): Promise<void>;
  /** True when `code` is the live code sent to `to`; a right code is spent. */
  check(db: Db, request: { to: string; code: string }): Promise<boolean>;
}

const CODE_TTL_MINUTES = 10;
const MAX_CHECKS = 5;

const codeHash = (to: string, code: string) => createHash('sha256').update(`${to}:${code}`).digest();

async function recordSms(
  db: Db,
  request: SmsCodeRequest,
  text: string,
  providerMessageId: string | null,
): Promise<void> {
  await db
    .insertInto('outbox_messages')
    .values({
      platform_id: request.platformId,
      organisation_id: request.organisationId ?? null,
      channel: 'sms',
      recipient: request.to,
      subject: null,
      body_text: text,
      template: 'verification-code',
      status: 'sent',
      attempts: 1,
      provider_message_id: providerMessageId,
      sent_at: dbNow(),
    })
    .execute();
}

/** Development provider: the message (with its code) is recorded in the outbox, nothing leaves the server. */
export function outboxSmsVerification(): SmsVerification {
  return {
    name: 'outbox',
    async start(db, request) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db
        .updateTable('sms_codes')
        .set({ used_at: sql`now()` })
        .where('phone_number', '=', request.to)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('sms_codes')
        .values({
          platform_id: request.platformId,
          phone_number: request.to,
          code_hash: codeHash(request.to, code).toString('hex'),
          expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
        })
        .execute();
      await recordSms(
        db,
        request,
        `Your Vigilo verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
        null,
      );
    },
    async check(db, { to, code }) {
      const row = await db
        .selectFrom('sms_codes')
        .select(['id', 'code_hash', 'attempts'])
        .where('phone_number', '=', to)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.attempts >= MAX_CHECKS) return false;
      const ok = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), codeHash(to, code));
      await db
        .updateTable('sms_codes')
        .set(ok ? { used_at: sql`now()` } : { attempts: sql`attempts + 1` })
        .where('id', '=', row.id)
        .execute();
      return ok;
    },
  };
}

/** Twilio Verify: `POST /v2/Services/{sid}/Verifications` sends, `/VerificationCheck` checks. */
export function twilioVerification(
  settings: NonNullable<Config['twilioVerify']>,
  fetch: OutboundFetch,
): SmsVerification {
  const base = `${settings.url}/v2/Services/${encodeURIComponent(settings.service)}`;
  const authorization = `Basic ${Buffer.from(`${settings.sid}:${settings.token}`).toString('base64')}`;
  const post = async (path: string, form: Record<string, string>) => {
    try {
      return await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The text message service cannot be reached, try again');
    }
  };
  return {
    name: 'twilio-verify',
    async start(db, request) {
      const res = await post('/Verifications', { To: request.to, Channel: 'sms' });
      if (!res.ok) throw new AppError('SERVICE_UNAVAILABLE', 'The text message could not be sent, try again');
      const body = (await res.json().catch(() => ({}))) as { sid?: unknown };
      await recordSms(
        db,
        request,
        'Verification code sent through Twilio Verify',
        typeof body.sid === 'string' ? body.sid : null,
      );
    },
    async check(_db, { to, code }) {
      const res = await post('/VerificationCheck', { To: to, Code: code });
      // 404: no pending verification for the number (expired, used or never sent).
      if (res.status === 404) return false;
      if (!res.ok) throw new AppError('SERVICE_UNAVAILABLE', 'The code could not be checked, try again');
      const body = (await res.json().catch(() => ({}))) as { status?: unknown };
      return body.status === 'approved';
    },
  };
}

/** The provider the configuration asks for. */
export function smsVerificationFor(config: Config): SmsVerification {
  return config.twilioVerify
    ? twilioVerification(config.twilioVerify, outboundFetch(config))
    : outboxSmsVerification();
}
