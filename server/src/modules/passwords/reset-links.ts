import type { ResetPasswordBody } from '@vigilo/contract';
import type { AppDeps } from '../../platform/app-types.ts';
import type { JobContext } from '../../platform/area.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { languageOf } from '../../platform/language.ts';
import { systemScope } from '../../platform/scope.ts';
import { issueAccessToken, PASSWORD_RESET } from '../auth/access-tokens.ts';
import { findAccount, type RequestContext } from '../auth/auth.service.ts';
import { resetEmail } from './passwords.emails.ts';
import { countRecentResetLinks, lockPasswordOwner } from './passwords.repository.ts';

/** Reset links work for one hour, once. */
export const RESET_TOKEN_TTL_SECONDS = 3600;
/** At most this many reset emails per account and hour: more would only pester its owner. */
export const RESET_EMAILS_PER_HOUR = 3;
/** The background job that looks the account up and mails the link. */
export const RESET_LINK_JOB = 'passwords.reset-link';

/** What a reset request hands to the job: the name typed, and where the request came from. */
interface ResetLinkJob {
  email?: string;
  username?: string;
  platformId?: string;
  host?: string;
  ip: string;
  requestId: string;
}

/**
 * POST /v1/reset-password: always the same work, whether the account exists or not — one job
 * enqueued, looked up later by a worker (decision 0026) — so neither the answer nor its time
 * says whether the email is known.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  body: ResetPasswordBody,
  ctx: RequestContext,
): Promise<void> {
  if (!body.email && !body.username)
    throw new AppError('VALIDATION_FAILED', 'Enter your email address or username', {
      fields: [{ field: 'body/email', message: 'Enter your email address or username', reason: 'required' }],
    });
  const job: ResetLinkJob = {
    ...(body.email !== undefined && { email: body.email }),
    ...(body.username !== undefined && { username: body.username }),
    ...(body.platformId !== undefined && { platformId: body.platformId }),
    ...(ctx.host !== undefined && { host: ctx.host }),
    ip: ctx.ip,
    requestId: ctx.requestId,
  };
  await deps.jobs.send(RESET_LINK_JOB, job);
}

/**
 * The job: for an active account with a password, a single-use link valid for an hour, unless
 * the account already had RESET_EMAILS_PER_HOUR of them in the last hour. The user's row is
 * locked while counting, so parallel jobs cannot pass the cap together.
 */
export async function sendResetLink({ db, mailer, config }: JobContext, job: ResetLinkJob): Promise<void> {
  const account = await findAccount(db, job, job.host);
  if (!account || account.deactivated_at) return;
  await withTransaction(db, async (tx) => {
    // A background job for an address someone typed: no caller, systemScope.
    const owner = await lockPasswordOwner(tx, systemScope, account.id);
    if (!owner || owner.deactivated_at) return;
    const about = {
      entityType: 'user',
      entityId: owner.id,
      platformId: owner.platform_id,
      requestId: job.requestId,
    };
    if ((await countRecentResetLinks(tx, systemScope, owner.id, 3600)) >= RESET_EMAILS_PER_HOUR) {
      await audit(tx, { ...about, action: 'password.reset_limited', details: { ip: job.ip } });
      return;
    }
    const token = await issueAccessToken(tx, {
      userId: owner.id,
      purpose: PASSWORD_RESET,
      ttl: RESET_TOKEN_TTL_SECONDS,
    });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send(tx, {
      to: owner.email,
      ...resetEmail[languageOf(owner.language)]({ link }),
      template: 'password-reset',
      platformId: owner.platform_id,
      organisationId: owner.default_organisation_id,
    });
    await audit(tx, { ...about, action: 'password.reset_requested', details: { ip: job.ip } });
  });
}

/** The passwords area's job definitions (passwords.area.ts). */
export const resetLinkJobs = (context: JobContext): JobDefinition[] => [
  {
    name: RESET_LINK_JOB,
    handler: (data) => sendResetLink(context, data as ResetLinkJob),
    pollingIntervalSeconds: 1,
    // Most requests name no account and cost one query: take many per poll.
    batchSize: 50,
  },
];
