import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { dbNow } from '../db/columns.ts';
import type { Db } from './db.ts';
import type { JobDefinition, Jobs } from './jobs.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which template produced it, for the outbox listing. */
  template?: string;
  platformId?: string | null;
  organisationId?: string | null;
}

export interface Mailer {
  /**
   * Records the message in the outbox and enqueues its delivery, both with `db` (pass the
   * transaction of the change that causes the mail: no mail for a rolled-back change).
   */
  send(db: Db, message: OutgoingEmail): Promise<string>;
  /** The job that delivers outbox emails; listed in jobs.ts. */
  job: JobDefinition<{ id: string }>;
}

export const MAIL_JOB = 'outbox.deliver-email';

/**
 * How many emails of `template` went to `to` (compared without case) on the platform in the
 * last `seconds`. Run in the transaction that may send one more: it first takes a lock on the
 * address until that transaction ends, so two senders at once count each other's mail.
 */
export async function countRecentEmails(
  tx: Db,
  message: { to: string; template: string; platformId: string },
  seconds: number,
): Promise<number> {
  const to = message.to.toLowerCase();
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`outbox:${to}`}, 0))`.execute(tx);
  const row = await tx
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('platform_id', '=', message.platformId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .where('template', '=', message.template)
    .where(sql`lower(recipient)`, '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Email over SMTP (nodemailer). With no SMTP_URL (development), messages are still
 * recorded in the outbox and "delivered" to the log, so flows such as password reset can
 * be followed without a mail server.
 */
export function createMailer(opts: {
  db: Db;
  jobs: Jobs;
  smtpUrl: string | null;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(db, message) {
      // The message and its delivery job in one statement (decision 0089).
      const id = randomUUID();
      const outbox = db
        .insertInto('outbox_messages')
        .values({
          id,
          platform_id: message.platformId ?? null,
          organisation_id: message.organisationId ?? null,
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body_text: message.text,
          body_html: message.html ?? null,
          template: message.template ?? null,
        })
        .compile();
      await opts.jobs.send(MAIL_JOB, { id }, { db, singletonKey: id, alongside: outbox });
      return id;
    },
    job: {
      name: MAIL_JOB,
      pollingIntervalSeconds: 1,
      // pg-boss waits the interval between polls: one email a poll would send one a second.
      batchSize: 10,
      handler: async ({ id }) => {
        const message = await opts.db
          .selectFrom('outbox_messages')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        // Delivered already (a retry after a crash between send and mark): at most once per row.
        if (!message || message.status === 'sent') return;
        // Its person was erased before it went (decision 0331): there is nobody to send it to.
        if (message.pruned_at) return;
        try {
          const info = await transport.sendMail({
            from: opts.from,
            to: message.recipient,
            subject: message.subject ?? '',
            text: message.body_text,
            html: message.body_html ?? undefined,
            messageId: `<${message.id}@vigilo>`,
          });
          await opts.db
            .updateTable('outbox_messages')
            .set((eb) => ({
              status: 'sent',
              sent_at: dbNow(),
              attempts: eb('attempts', '+', 1),
              provider_message_id: info.messageId,
            }))
            .where('id', '=', id)
            .execute();
          if (!opts.smtpUrl)
            opts.log?.(
              `[mail] (no SMTP_URL) to ${message.recipient}: ${message.subject}\n${message.body_text}`,
            );
        } catch (error) {
          await opts.db
            .updateTable('outbox_messages')
            .set((eb) => ({
              attempts: eb('attempts', '+', 1),
              last_error: (error as Error).message.slice(0, 1000),
            }))
            .where('id', '=', id)
            .execute();
          throw error;
        }
      },
    },
  };
}

/** The mailer the configuration asks for. */
export const mailerFor = (config: Config, db: Db, jobs: Jobs): Mailer =>
  createMailer({
    db,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: (line) => console.log(line),
  });
